import { describe, expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";

async function host() {
  const user = await createUser({ onboardingStatus: "in_progress", type: "company" });
  return (await signIn(user.email)).access_token;
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

describe("listing progress", () => {
  it("starts empty, stores completed steps once each, and refuses unknown steps", async () => {
    const token = await host();
    const property = await json<{ id: string; unitIds: string[] }>(await api(token, "POST", "/properties", { propertyType: "multi" }));
    const unitId = property.unitIds[0]!;
    expect(await json(await api(token, "GET", `/property-unit/${unitId}/listing-progress`))).toEqual({ steps: [] });

    const saved = await api(token, "PUT", `/property-unit/${unitId}/listing-progress`, { steps: ["property", "location", "property", "property-title", "photos"] });
    expect(await json(saved)).toEqual({ steps: ["property", "location", "property-title", "photos"] });
    expect(await json(await api(token, "GET", `/property-unit/${unitId}/listing-progress`))).toEqual({ steps: ["property", "location", "property-title", "photos"] });

    const refused = await api(token, "PUT", `/property-unit/${unitId}/listing-progress`, { steps: ["property", "teleport"] });
    expect(refused.status).toBe(400);
    expect((await json<{ errors: { field: string; type: string }[] }>(refused)).errors).toEqual([expect.objectContaining({ field: "steps.1", type: "step_unknown" })]);
    expect((await api(token, "PUT", `/property-unit/${unitId}/listing-progress`, { steps: "property" })).status).toBe(400);

    // A further unit of the property starts with the property's steps done, not the unit's.
    const second = await json<{ propertyUnitPublicId: string }>(await api(token, "POST", `/properties/${property.id}/units`, {}));
    expect(await json(await api(token, "GET", `/property-unit/${second.propertyUnitPublicId}/listing-progress`))).toEqual({ steps: ["property", "location", "property-title"] });
  });

  it("answers the wizard's listing state in one call: steps this host sees, what is done, where to resume, the percent", async () => {
    const user = await createUser({ onboardingStatus: "in_progress", commercialModel: "subscription" });
    const token = (await signIn(user.email)).access_token;
    const property = await json<{ id: string; unitIds: string[] }>(await api(token, "POST", "/properties", { propertyType: "single" }));
    const unitId = property.unitIds[0]!;
    type State = { kind: string; percent: number; steps: { id: string; group: string; done: boolean }[]; completedSteps: string[]; nextStep: string };
    const fresh = await json<State>(await api(token, "GET", `/property-unit/${unitId}/listing-state`));
    expect(fresh).toMatchObject({ kind: "single-unit", percent: 0, completedSteps: [], nextStep: "property" });
    expect(fresh.steps[0]).toEqual({ id: "property", group: "property-basic-info", done: false });
    expect(fresh.steps.map((s) => s.id)).toContain("commercial-model/plan");
    expect(fresh.steps.map((s) => s.id)).not.toContain("booking-preference");

    await api(token, "PUT", `/property-unit/${unitId}/listing-progress`, { steps: ["property", "location", "commercial-model"] });
    expect((await api(token, "PATCH", "/user/info", { commercialModel: "commission" })).status).toBe(200);
    const chosen = await json<State>(await api(token, "GET", `/property-unit/${unitId}/listing-state`));
    // The answered "how you pay" step stays; the steps of commission follow from the stored answer.
    expect(chosen.steps.filter((s) => s.done).map((s) => s.id)).toEqual(["property", "location", "commercial-model"]);
    expect(chosen.steps.map((s) => s.id)).toEqual(expect.arrayContaining(["price-and-availability/promotions", "booking-preference"]));
    expect(chosen.steps.map((s) => s.id)).not.toContain("commercial-model/plan");
    expect(chosen.nextStep).toBe("booking-preference");
    expect(chosen.percent).toBeGreaterThan(0);

    expect((await api(token, "GET", "/property-unit/unt_unknown/listing-state")).status).toBe(404);
  });
});
