import { Hono } from "hono";
import { payments as contract } from "@contract/payments";
import { checkoutAfterReturn } from "@domain/checkout";
import { todayUtc } from "@domain/dates";
import { DEFAULT_LOCALE, resolveLocale } from "@domain/locales";
import { discountedPrice, needsPayment, planById, planChangeTiming, planName } from "@domain/subscription-plans";
import { deriveUserFlags } from "@domain/user-flags";
import type { ApiEnv } from "@api/context";
import { database } from "@api/db/client";
import { paymentCheckouts } from "@api/db/schema";
import { and, eq } from "drizzle-orm";
import { ApiError, validationFailed } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";
import { findUnit } from "@api/properties/queries";
import { findSubscription, latestSubscription, isLive, loadDetails, subscriptionCalendarStatus, unitCalendarStatus } from "@api/subscriptions/queries";
import { assertEditable, chooseCoupon, choosePlan, fieldError } from "@api/subscriptions/services";
import { currentState } from "@api/subscriptions/routes";
import { paymentProvider, webhookSecret } from "./provider";
import { findCheckout, type CheckoutRow } from "./queries";
import { markSubscriptionInProgress, settleCheckout } from "./services";
import { SIGNATURE_HEADER, verifySignature } from "./signature";
import { testProviderRoutes } from "./test-provider";

/*
 * Checkout (§7 subscription/in_progress): a plan that starts now and has a price is paid at the
 * payment provider before it starts (decision 036). The host API opens a checkout (the provider's
 * hosted page), hears when the host came back (in_progress) and starts the plan when the provider's
 * signed webhook confirms the payment.
 */

function present(row: CheckoutRow, env: Env) {
  return {
    hostedPageId: row.hostedPageId,
    url: paymentProvider(env)?.id === row.provider ? paymentProvider(env)!.pageUrl(row.hostedPageId) : "",
    status: row.status,
    planItemPriceId: row.planItemPriceId,
    amount: row.amount,
    currency: row.currency,
    declineReason: row.declineReason,
  };
}

/** Only a path of this app: never another site. */
function safeReturnPath(path: string | undefined): string {
  return path && path.startsWith("/") && !path.startsWith("//") && !path.includes("\\") ? path : "/properties";
}

export const paymentRoutes = contractRouter<ApiEnv>()
  .openapi(contract.checkout, async (c) => {
    const body = c.req.valid("json");
    const { user } = c.var.principal;
    const db = c.var.db;
    const flags = deriveUserFlags(user);
    if (!flags.isSubscriptionCheckoutAvailable) throw new ApiError(403, "Plans are not paid through checkout for this account");
    const provider = paymentProvider(c.env);
    if (!provider) throw new ApiError(409, "No payment provider is configured");
    if (Boolean(body.subscriptionId) === Boolean(body.unitId)) throw validationFailed([fieldError(null, "checkout_target_required")]);
    const now = new Date();
    const today = todayUtc(now);
    let subscriptionId: number | null = null;
    let unitId: number | null = null;
    let plan;
    if (body.subscriptionId) {
      const sub = await findSubscription(db, user.id, body.subscriptionId);
      assertEditable(sub, now);
      const details = await loadDetails(db, sub);
      plan = choosePlan(body.planItemPriceId, flags, await subscriptionCalendarStatus(db, user.id, details));
      if (planChangeTiming(planById(sub.planId), plan, sub.status === "in_trial") !== "now") throw validationFailed([fieldError("planItemPriceId", "plan_change_not_immediate")]);
      if (plan.unitPublish.quota < details.units.length) throw validationFailed([fieldError("planItemPriceId", "plan_unit_quota_too_small")]);
      subscriptionId = sub.id;
    } else {
      const { unit } = await findUnit(db, user.id, body.unitId!);
      const running = await latestSubscription(db, user.id);
      if (running && isLive(running, now)) throw new ApiError(409, "The host has a subscription already; change its plan instead");
      plan = choosePlan(body.planItemPriceId, flags, await unitCalendarStatus(db, user.id, unit.id));
      unitId = unit.id;
    }
    const coupon = chooseCoupon(body.couponCode, plan, today);
    if (!needsPayment(plan, coupon?.percentOff ?? 0, true)) throw validationFailed([fieldError("planItemPriceId", "plan_nothing_to_pay")]);
    const amount = discountedPrice(plan.price, coupon?.percentOff ?? 0);
    const t = translator(resolveLocale(user.locale) ?? DEFAULT_LOCALE);
    const page = await provider.createHostedPage(c.env, {
      reference: crypto.randomUUID(),
      amount,
      currency: plan.currency,
      description: planName(plan, t, t.locale),
      returnUrl: safeReturnPath(body.returnUrl),
      webhookUrl: `/api/payments/webhook/${provider.id}`,
    });
    const [row] = await db
      .insert(paymentCheckouts)
      .values({ hostedPageId: page.hostedPageId, provider: provider.id, hostUserId: user.id, subscriptionId, unitId, planItemPriceId: plan.planItemPriceId, couponCode: coupon?.code ?? null, amount, currency: plan.currency })
      .returning();
    return c.json(present(row!, c.env), 201);
  })
  /** The host came back from the provider's page: the checkout is in progress until the webhook settles it. */
  .openapi(contract.inProgress, async (c) => {
    const { hostedPageId } = c.req.valid("json");
    const { user } = c.var.principal;
    const db = c.var.db;
    const checkout = await findCheckout(db, user.id, hostedPageId);
    const provider = paymentProvider(c.env);
    const now = new Date();
    if (provider?.id === checkout.provider) {
      const next = checkoutAfterReturn(checkout.status, await provider.hostedPageState(c.env, hostedPageId));
      if (next !== checkout.status) {
        await db.batch([
          db.update(paymentCheckouts).set({ status: next, declineReason: next === "declined" ? "declined" : null, updatedAt: now }).where(and(eq(paymentCheckouts.id, checkout.id), eq(paymentCheckouts.status, checkout.status))),
          ...(next === "in_progress" ? markSubscriptionInProgress(db, checkout, now) : []),
        ]);
      }
    }
    const row = await findCheckout(db, user.id, hostedPageId);
    return c.json({ checkout: present(row, c.env), state: await currentState(c) }, 200);
  });

/** The provider's webhook, and the test provider's own pages (when it is the one configured). */
export const paymentPublicRoutes: Hono<{ Bindings: Env }> = new Hono<{ Bindings: Env }>();
paymentPublicRoutes
  .post("/api/payments/webhook/:provider", async (c) => {
    const provider = paymentProvider(c.env);
    if (!provider || provider.id !== c.req.param("provider")) return c.json({ message: "Not found" }, 404);
    const raw = await c.req.text();
    if (!(await verifySignature(webhookSecret(c.env), raw, c.req.header(SIGNATURE_HEADER) ?? null))) return c.json({ message: "The signature is missing or wrong" }, 401);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return c.json({ message: "Malformed JSON" }, 400);
    }
    const event = provider.parseEvent(parsed);
    if (!event) return c.json({ message: "Unknown event" }, 400);
    const db = database(c.env.DB);
    const checkout = await db.query.paymentCheckouts.findFirst({ where: and(eq(paymentCheckouts.provider, provider.id), eq(paymentCheckouts.hostedPageId, event.hostedPageId)) });
    // An event for a page we did not open is acknowledged, so that the provider stops sending it.
    if (checkout) await settleCheckout(c.env.DB, db, checkout, event, new Date());
    return c.json({ received: true as const }, 200);
  })
  .use("/api/payments/test-provider/*", async (c, next) => {
    if (paymentProvider(c.env)?.id !== "test") return c.text("Not found", 404);
    await next();
  })
  .route("/", testProviderRoutes((request, env) => Promise.resolve(paymentPublicRoutes.fetch(request, env))));
