import { describe, expect, it } from "vitest";
import { displayStatus, invalidFieldsOf, stateTone, isUnitComplete, propertyStateFromUnits, publishProblems, sortInvalidFields, type InvalidField } from "./listing-status";

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
    expect(displayStatus("PUBLISHED", [field("registrationNumber")], [{}])).toEqual({ kind: "actionNeeded", field: field("registrationNumber"), rejected: false });
    expect(displayStatus("IN_PROGRESS", [field("registrationNumber")], [])).toEqual({ kind: "label", state: "IN_PROGRESS", tone: "neutral" });
  });

  it("shows action needed plus rejected for a unit rejected by staff", () => {
    expect(displayStatus("REJECTED_BY_STAFF", [], [])).toEqual({ kind: "actionNeeded", field: null, rejected: true });
  });

  it("shows publishing while a published listing has no links yet", () => {
    expect(displayStatus("PUBLISHED", [], [])).toEqual({ kind: "publishing" });
    expect(displayStatus("PUBLISHED", [], [{ rel: "listing" }])).toEqual({ kind: "label", state: "PUBLISHED", tone: "primary" });
  });

  it("colours deleted in the error colour and the rest gray", () => {
    expect(displayStatus("DELETED", [], [])).toMatchObject({ tone: "error" });
    expect(displayStatus("UNPUBLISHED", [], [])).toMatchObject({ tone: "neutral" });
    expect(displayStatus("UNDER_REVIEW", [], [])).toMatchObject({ tone: "neutral" });
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
  const ready = { state: "IN_PROGRESS" as const, title: "Flat", description: "Nice", hasAddress: true, photoCount: 1, invalidFields: [] };

  it("is empty for a complete unit", () => {
    expect(publishProblems(ready)).toEqual([]);
  });

  it("names every missing piece, registration last", () => {
    expect(publishProblems({ ...ready, title: " ", description: "", hasAddress: false, photoCount: 0, invalidFields: [field("nationalIdentificationCode"), field("registrationNumber")] })).toEqual([
      "title",
      "description",
      "address",
      "photos",
      "registrationNumber",
      "nationalIdentificationCode",
    ]);
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
