import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createUser, payForPlan, signIn } from "@api/test/helpers";

const PREMIUM = "subscription-premium-EUR-yearly";
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const json = async <T = unknown>(response: Response) => (await response.json()) as T;

async function newUnit(token: string) {
  const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Harbour flat" });
  return (await json<{ unitIds: string[] }>(created)).unitIds[0]!;
}

async function verifyCalendar(token: string, unitId: string) {
  expect((await api(token, "POST", `/property-unit/${unitId}/verify-calendar/vrbo/data`, { isListed: false })).status).toBe(200);
  expect((await api(token, "GET", `/property-unit/${unitId}/verify-calendar/vrbo/verify`)).status).toBe(200);
}

/** The three answers a unit's subscription pages read, as their own endpoints give them. */
async function separately(token: string, unitId: string, hl: string) {
  const [state, paymentSource, renewal] = await Promise.all([
    api(token, "GET", `/v2/user/subscription?hl=${hl}`).then((r) => json(r)),
    api(token, "GET", "/subscriptions/payment-source/status").then((r) => json(r)),
    api(token, "GET", `/subscription/self-renewal/plans/${unitId}?hl=${hl}`).then((r) => json<{ plans: unknown[] }>(r)),
  ]);
  return { state, paymentSource, renewalPlans: renewal.plans };
}

describe("a unit's subscription page with the shell", () => {
  it("answers the subscription, the payment source and the renewal plans as their endpoints do, in the language asked", async () => {
    const host = await createUser({ features: ["bookings", "inquiries", "subscriptionCheckout", "coinSubscription"] });
    const { access_token: token } = await signIn(host.email);
    const unitId = await newUnit(token);
    const other = await newUnit(token);
    await verifyCalendar(token, unitId);
    await verifyCalendar(token, other);
    const paid = await json<{ subscription: { id: string } }>(await payForPlan(token, { planItemPriceId: PREMIUM, unitId, couponCode: "PREMIUM20" }));
    const id = paid.subscription.id;
    expect((await api(token, "POST", `/subscription/${id}/units`, { unitId: other })).status).toBe(200);
    expect((await api(token, "PUT", `/subscription/${id}/services`, { services: ["diamond"] })).status).toBe(200);
    expect((await api(token, "POST", "/user/subscription/coin/boost", { unitId: other, startDate: inDays(10), endDate: inDays(16) })).status).toBe(201);

    const shell = await json<{ subscriptionPage: unknown }>(await api(token, "GET", `/shell?unit=${unitId}&subscriptionUnit=${unitId}&hl=fr_FR`));
    expect(shell.subscriptionPage).toEqual(await separately(token, unitId, "fr_FR"));
    expect(shell.subscriptionPage).toMatchObject({ state: { currentPlan: { name: "Abonnement Premium" } }, paymentSource: { status: "valid", provider: "test" } });
    // Without the parameter, nothing of it.
    expect(await json(await api(token, "GET", "/shell"))).not.toHaveProperty("subscriptionPage");
  });

  it("answers a host without a subscription, and no renewal plans for another host's or a deleted unit", async () => {
    const host = await createUser();
    const { access_token: token } = await signIn(host.email);
    const unitId = await newUnit(token);
    const shell = await json<{ subscriptionPage: unknown }>(await api(token, "GET", `/shell?subscriptionUnit=${unitId}`));
    expect(shell.subscriptionPage).toEqual(await separately(token, unitId, "en_US"));

    const intruder = await createUser();
    const { access_token: intruderToken } = await signIn(intruder.email);
    const foreign = await json<{ subscriptionPage: { state: { subscription: unknown }; renewalPlans: unknown } }>(await api(intruderToken, "GET", `/shell?subscriptionUnit=${unitId}`));
    expect(foreign.subscriptionPage).toMatchObject({ state: { subscription: null }, renewalPlans: null });

    await env.DB.prepare("UPDATE property_units SET state = 'DELETED' WHERE public_id = ?").bind(unitId).run();
    expect((await json<{ subscriptionPage: { renewalPlans: unknown } }>(await api(token, "GET", `/shell?subscriptionUnit=${unitId}`))).subscriptionPage.renewalPlans).toBeNull();
  });
});
