import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, BASE, createUser, signIn } from "@api/test/helpers";

async function info(token: string) {
  const response = await api(token, "GET", "/user/info");
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe("GET /api/app/user/info", () => {
  it("answers 401 without a token or with a forged one", async () => {
    expect((await SELF.fetch(`${BASE}/api/app/user/info`)).status).toBe(401);
    expect((await api("forged:token:value", "GET", "/user/info")).status).toBe(401);
  });

  it("returns every field of the current user with flags derived from stored data", async () => {
    const user = await createUser({ type: "company", companyName: "Dune Stays", commercialModel: "commission", kycApplicable: true, features: ["bookings", "earnings"] });
    await env.DB.prepare("UPDATE users SET image_key = 'avatars/dune' WHERE id = ?").bind(user.id).run();
    const body = await info((await signIn(user.email)).access_token);
    expect(body).toMatchObject({
      userId: user.publicId,
      type: "company",
      email: user.email,
      companyName: "Dune Stays",
      fullName: "Dune Stays",
      locale: "en_US",
      language: "en",
      currency: "EUR",
      onboardingStatus: "finished",
      isImpersonating: false,
      kycInitiated: false,
      status: "VERIFICATION_NEVER_STARTED",
      commercialModel: "commission",
      commissionApplicable: true,
      subscriptionApplicable: false,
      bookingsAvailable: true,
      inquiriesAvailable: false,
      isKYCApplicable: true,
      appFeatures: ["bookings", "earnings"],
    });
    // The stored image's address (GET /api/app/user/image), with its version.
    expect(body.imageUrls).toEqual({ small: "/api/app/user/image?v=avatars/dune", medium: "/api/app/user/image?v=avatars/dune", large: "/api/app/user/image?v=avatars/dune" });
    for (const key of ["alias", "imageUrls", "sessionId", "accountSource", "isSubscriptionCheckoutAvailable", "isCoinSubscriptionEnabled", "biddingTag"]) {
      expect(body).toHaveProperty(key);
    }
  });

  it("makes bookings unavailable while onboarding is in progress, and a hybrid host both models", async () => {
    const onboarding = await createUser({ onboardingStatus: "in_progress", features: ["bookings"] });
    expect(await info((await signIn(onboarding.email)).access_token)).toMatchObject({ bookingsAvailable: false, onboardingStatus: "in_progress" });
    const hybrid = await createUser({ commercialModel: "commission", biddingTag: "hybrid_7", features: ["bookings", "inquiries"] });
    expect(await info((await signIn(hybrid.email)).access_token)).toMatchObject({
      commercialModel: "hybrid",
      biddingTag: "hybrid_7",
      commissionApplicable: true,
      subscriptionApplicable: true,
      inquiriesAvailable: true,
    });
  });
});

describe("PATCH /api/app/user/info", () => {
  it("updates the fields it is given", async () => {
    const user = await createUser();
    const { access_token } = await signIn(user.email);
    const response = await api(access_token, "PATCH", "/user/info", { firstName: "  Greta ", locale: "de_CH", currency: "CHF" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ firstName: "Greta", locale: "de_CH", language: "de", currency: "CHF" });
    expect(await info(access_token)).toMatchObject({ firstName: "Greta", locale: "de_CH" });
  });

  it("keeps the currency once the host has a property, so stored prices are never re-denominated", async () => {
    const user = await createUser();
    const { access_token } = await signIn(user.email);
    expect((await api(access_token, "POST", "/properties", { propertyType: "single", title: "Dune flat" })).status).toBe(201);
    const refused = await api(access_token, "PATCH", "/user/info", { currency: "CHF", firstName: "Greta" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { errors: { field: string; type: string }[] }).errors).toEqual([expect.objectContaining({ field: "currency", type: "currency_locked" })]);
    expect(await info(access_token)).toMatchObject({ currency: "EUR", firstName: "Test" });
    // Sending the same currency changes nothing and is accepted.
    expect((await api(access_token, "PATCH", "/user/info", { currency: "EUR", firstName: "Greta" })).status).toBe(200);
  });

  it("refuses bad input with an errors list and changes nothing", async () => {
    const user = await createUser();
    const { access_token } = await signIn(user.email);
    const response = await api(access_token, "PATCH", "/user/info", { firstName: "", locale: "xx_XX", unknown: 1 });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { field: string | null; type: string }[] };
    expect(body.errors.map((e) => e.field)).toEqual(expect.arrayContaining(["firstName", "locale"]));
    expect(await info(access_token)).toMatchObject({ firstName: "Test", locale: "en_US" });
    const companyOnly = await api(access_token, "PATCH", "/user/info", { companyName: "Nope Ltd" });
    expect(companyOnly.status).toBe(400);
  });

  it("answers malformed JSON and a wrong content type with 400 and 415, never 500", async () => {
    const user = await createUser();
    const { access_token } = await signIn(user.email);
    const malformed = await SELF.fetch(`${BASE}/api/app/user/info`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
      body: "{\"firstName\":",
    });
    expect(malformed.status).toBe(400);
    const text = await SELF.fetch(`${BASE}/api/app/user/info`, { method: "PATCH", headers: { authorization: `Bearer ${access_token}` }, body: "firstName=x" });
    expect(text.status).toBe(415);
  });
});

describe("interactions and unknown routes", () => {
  it("stores that the help-center tooltip was seen", async () => {
    const user = await createUser();
    const { access_token } = await signIn(user.email);
    expect(await (await api(access_token, "GET", "/user/interactions")).json()).toEqual({ interactions: [], notifications: [] });
    const put = await api(access_token, "PUT", "/user/interaction", { interactions: [{ interactionType: "helpCenterTooltip", interacted: true }] });
    expect(put.status).toBe(200);
    const { interactions } = (await (await api(access_token, "GET", "/user/interactions")).json()) as { interactions: unknown[] };
    expect(interactions).toEqual([expect.objectContaining({ interactionType: "helpCenterTooltip", interacted: true })]);
    const bad = await api(access_token, "PUT", "/user/interaction", { interactions: [{ interactionType: "nope", interacted: true }] });
    expect(bad.status).toBe(400);
  });

  it("lets a host choose how they pay while onboarding, and not afterwards", async () => {
    const onboarding = await createUser({ onboardingStatus: "in_progress" });
    const token = (await signIn(onboarding.email)).access_token;
    const chosen = await api(token, "PATCH", "/user/info", { commercialModel: "commission" });
    expect(await chosen.json()).toMatchObject({ commercialModel: "commission", commissionApplicable: true, subscriptionApplicable: false });
    const finished = await createUser({ onboardingStatus: "finished" });
    const locked = await api((await signIn(finished.email)).access_token, "PATCH", "/user/info", { commercialModel: "commission" });
    expect(locked.status).toBe(400);
    expect(((await locked.json()) as { errors: { type: string }[] }).errors[0]!.type).toBe("commercial_model_locked");
  });

  it("checks whether a host may start listing, and says why not", async () => {
    const user = await createUser({ onboardingStatus: "in_progress" });
    const { access_token: token } = await signIn(user.email);
    const answer = async (body: unknown) => (await api(token, "POST", "/user/init-onboarding", body)).json();
    expect(await answer({ countryCode: "PT", hostRole: "owner" })).toEqual({ eligible: true, onboardingStatus: "in_progress" });
    expect(await answer({ countryCode: "other", hostRole: "owner" })).toEqual({ eligible: false, reason: "country_not_served", onboardingStatus: "in_progress" });
    expect(await answer({ countryCode: "DE", hostRole: "tenant" })).toEqual({ eligible: false, reason: "not_allowed_to_let", onboardingStatus: "in_progress" });
    const bad = await api(token, "POST", "/user/init-onboarding", { countryCode: "DE", hostRole: "landlord" });
    expect(bad.status).toBe(400);
  });

  it("stores the answer: a host told they may not list cannot create a property, until they answer otherwise", async () => {
    const user = await createUser({ onboardingStatus: "in_progress" });
    const { access_token: token } = await signIn(user.email);
    const eligibility = async () => (await info(token)).listingEligibility;
    expect(await eligibility()).toBeNull();
    await api(token, "POST", "/user/init-onboarding", { countryCode: "DE", hostRole: "tenant" });
    expect(await eligibility()).toBe("not_allowed_to_let");
    const refused = await api(token, "POST", "/properties", { propertyType: "single" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ errors: [{ field: null, type: "not_eligible_not_allowed_to_let" }] });
    await api(token, "POST", "/user/init-onboarding", { countryCode: "DE", hostRole: "owner" });
    expect(await eligibility()).toBe("eligible");
    expect((await api(token, "POST", "/properties", { propertyType: "single" })).status).toBe(201);
  });

  it("answers an unknown route with 404 in the message format", async () => {
    const user = await createUser();
    const { access_token } = await signIn(user.email);
    const response = await api(access_token, "GET", "/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Route not found" });
  });
});
