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
});
