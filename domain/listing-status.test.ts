import { describe, expect, it } from "vitest";
import { displayStatus, invalidFieldsOf, isUnitComplete, propertyStateFromUnits, publishProblems, publishSpendsCredit, sortInvalidFields, stateTone, type InvalidField } from "./listing-status";

const field = (name: InvalidField["field"], unit = "unt_1"): InvalidField => ({ field: name, propertyId: "prp_1", propertyUnitId: unit });

describe("invalid fields", () => {
  it("lists registrationNumber before nationalIdentificationCode", () => {
    expect(sortInvalidFields([field("nationalIdentificationCode"), field("registrationNumber")]).map((f) => f.field)).toEqual(["registrationNumber", "nationalIdentificationCode"]);
  });

  const unit = { propertyId: "prp_1", propertyUnitId: "unt_1", registrationNumber: null, registrationNumberRejected: false, nationalIdentificationCode: null, requiresRegistrationNumber: false, requiresNationalIdentificationCode: false };

  it("finds a missing required registration number, a rejected one, and a missing national code", () => {
    expect(invalidFieldsOf(unit)).toEqual([]);
    expect(invalidFieldsOf({ ...unit, requiresRegistrationNumber: true }).map((f) => f.field)).toEqual(["registrationNumber"]);
    expect(invalidFieldsOf({ ...unit, requiresRegistrationNumber: true, registrationNumber: "   " }).map((f) => f.field)).toEqual(["registrationNumber"]);
    expect(invalidFieldsOf({ ...unit, requiresRegistrationNumber: true, registrationNumber: "AL-1" })).toEqual([]);
    expect(invalidFieldsOf({ ...unit, registrationNumber: "X", registrationNumberRejected: true }).map((f) => f.field)).toEqual(["registrationNumber"]);
    expect(invalidFieldsOf({ ...unit, requiresNationalIdentificationCode: true, requiresRegistrationNumber: true }).map((f) => f.field)).toEqual(["registrationNumber", "nationalIdentificationCode"]);
  });
});

describe("displayStatus (§4 property display)", () => {
  it("shows action needed for an invalid field unless in progress", () => {
    expect(displayStatus("PUBLISHED", [field("registrationNumber")])).toEqual({ kind: "actionNeeded", field: field("registrationNumber"), rejected: false });
    expect(displayStatus("IN_PROGRESS", [field("registrationNumber")])).toEqual({ kind: "label", state: "IN_PROGRESS", tone: "neutral" });
  });

  it("shows action needed plus rejected for a unit rejected by staff", () => {
    expect(displayStatus("REJECTED_BY_STAFF", [])).toEqual({ kind: "actionNeeded", field: null, rejected: true });
  });

  it("shows a property as rejected when one of its units is, even beside a published one", () => {
    expect(displayStatus("PUBLISHED", [], true)).toEqual({ kind: "actionNeeded", field: null, rejected: true });
    expect(displayStatus("PUBLISHED", [field("nationalIdentificationCode")], true)).toEqual({ kind: "actionNeeded", field: field("nationalIdentificationCode"), rejected: true });
  });

  it("shows a published unit as published: it has no marketplace link until the guest page exists", () => {
    expect(displayStatus("PUBLISHED", [])).toEqual({ kind: "label", state: "PUBLISHED", tone: "primary" });
  });

  it("colours deleted in the error colour and the rest gray", () => {
    expect(displayStatus("DELETED", [])).toMatchObject({ tone: "error" });
    expect(displayStatus("UNPUBLISHED", [])).toMatchObject({ tone: "neutral" });
    expect(displayStatus("UNDER_REVIEW", [])).toMatchObject({ tone: "neutral" });
  });

  it("gives every state the label colour of §4: rejected and deleted error, published primary, the rest gray", () => {
    expect(stateTone("REJECTED_BY_STAFF")).toBe("error");
    expect(stateTone("DELETED")).toBe("error");
    expect(stateTone("PUBLISHED")).toBe("primary");
    for (const state of ["IN_PROGRESS", "UNDER_REVIEW", "UNPUBLISHED", "APPROVED"] as const) expect(stateTone(state)).toBe("neutral");
  });
});

describe("propertyStateFromUnits", () => {
  it("is published when any unit is, deleted when all are, in progress when there are none", () => {
    expect(propertyStateFromUnits(["IN_PROGRESS", "PUBLISHED"])).toBe("PUBLISHED");
    expect(propertyStateFromUnits(["UNPUBLISHED", "IN_PROGRESS"])).toBe("UNPUBLISHED");
    expect(propertyStateFromUnits(["REJECTED_BY_STAFF", "UNPUBLISHED"])).toBe("REJECTED_BY_STAFF");
    expect(propertyStateFromUnits(["DELETED", "DELETED"])).toBe("DELETED");
    expect(propertyStateFromUnits(["DELETED", "IN_PROGRESS"])).toBe("IN_PROGRESS");
    expect(propertyStateFromUnits([])).toBe("IN_PROGRESS");
  });
});

describe("publishProblems", () => {
  const ready = { state: "IN_PROGRESS" as const, title: "Flat", description: "Nice", hasAddress: true, photoCount: 1, hasPrice: true, invalidFields: [], plan: null };

  it("is empty for a complete unit", () => {
    expect(publishProblems(ready)).toEqual([]);
  });

  it("names every missing piece, registration last", () => {
    expect(
      publishProblems({
        ...ready,
        title: " ",
        description: "",
        hasAddress: false,
        photoCount: 0,
        hasPrice: false,
        invalidFields: [field("nationalIdentificationCode"), field("registrationNumber")],
        plan: { coversUnit: false, creditsLeft: 0 },
      }),
    ).toEqual(["title", "description", "address", "photos", "price", "registrationNumber", "nationalIdentificationCode", "unitPublishCredits"]);
  });

  it("needs a nightly price", () => {
    expect(publishProblems({ ...ready, hasPrice: false })).toEqual(["price"]);
  });

  it("needs a unit-publish credit under a running plan, unless the unit is already under it", () => {
    expect(publishProblems({ ...ready, plan: { coversUnit: false, creditsLeft: 0 } })).toEqual(["unitPublishCredits"]);
    expect(publishProblems({ ...ready, plan: { coversUnit: false, creditsLeft: 1 } })).toEqual([]);
    expect(publishProblems({ ...ready, plan: { coversUnit: true, creditsLeft: 0 } })).toEqual([]);
    expect(publishSpendsCredit({ coversUnit: false, creditsLeft: 1 })).toBe(true);
    expect(publishSpendsCredit({ coversUnit: true, creditsLeft: 0 })).toBe(false);
    expect(publishSpendsCredit(null)).toBe(false);
  });

  it("needs a running subscription for a host on the subscription model, named as its own problem", () => {
    expect(publishProblems({ ...ready, plan: "missing" })).toEqual(["subscription"]);
    expect(publishProblems({ ...ready, hasPrice: false, plan: "missing" })).toEqual(["price", "subscription"]);
    expect(publishSpendsCredit("missing")).toBe(false);
  });

  it("refuses deleted and rejected units", () => {
    expect(publishProblems({ ...ready, state: "REJECTED_BY_STAFF" })).toEqual(["state"]);
    expect(publishProblems({ ...ready, state: "DELETED" })).toEqual(["state"]);
  });

  it("knows when a unit is complete", () => {
    expect(isUnitComplete("IN_PROGRESS")).toBe(false);
    expect(isUnitComplete("UNPUBLISHED")).toBe(true);
  });
});
