import { createRoute, z } from "@hono/zod-openapi";
import { CHECKOUT_STATUSES } from "@domain/checkout";
import { LANGUAGE_PARAM } from "@domain/locales";
import { subscriptionStateSchema } from "./subscriptions";
import { commonErrors, conflict, json, jsonBody, security } from "./http";

/**
 * Paying for a plan (§7 subscription/in_progress): a checkout at the payment provider. The host API
 * asks the provider for a hosted payment page, the host pays there and comes back, and the plan
 * starts only when the provider confirms the payment with its signed webhook (api/payments).
 */

const tags = ["Subscriptions"];
const language = z.object({ [LANGUAGE_PARAM]: z.string().optional().openapi({ description: "The language of labels and plan names (e.g. de_DE)" }) });

const checkoutSchema = z
  .object({
    hostedPageId: z.string(),
    url: z.string().openapi({ description: "The provider's payment page; send the host there" }),
    status: z.enum(CHECKOUT_STATUSES),
    planItemPriceId: z.string(),
    amount: z.number().int().openapi({ description: "What the host pays now, in minor units" }),
    currency: z.string(),
    declineReason: z.string().nullable(),
  })
  .openapi("Checkout");

export const payments = {
  checkout: createRoute({
    method: "post",
    path: "/api/app/subscriptions/checkout",
    tags,
    summary: "Open a checkout for a plan that starts now and has a price: with subscriptionId a plan change, with unitId a first subscription",
    security,
    request: {
      query: language,
      body: jsonBody(
        z
          .object({
            planItemPriceId: z.string("required").trim().min(1, "required").max(120, "plan_invalid"),
            couponCode: z.string("coupon_invalid").trim().min(1, "coupon_invalid").max(40, "coupon_invalid").optional(),
            subscriptionId: z.string().trim().min(1).max(100).optional(),
            unitId: z.string().trim().min(1).max(100).optional(),
            returnUrl: z.string().trim().max(500).optional().openapi({ description: "A path of this app the provider sends the host back to, with ?hostedPageId=…" }),
          })
          .strict(),
      ),
    },
    responses: { 201: json(checkoutSchema, "The checkout; send the host to its url"), ...commonErrors, ...conflict },
  }),
  inProgress: createRoute({
    method: "post",
    path: "/api/app/subscription/in_progress",
    tags,
    summary: "The host came back from the payment page: the checkout is in progress until the provider confirms (or declines) the payment",
    security,
    request: { query: language, body: jsonBody(z.object({ hostedPageId: z.string("required").trim().min(1, "required").max(200, "too_long") }).strict()) },
    responses: { 200: json(z.object({ checkout: checkoutSchema, state: subscriptionStateSchema }), "The checkout and the subscription state"), ...commonErrors },
  }),
};

/** The provider's webhook: beside the host API, no bearer token, checked by its signature instead. */
export const paymentWebhook = {
  webhook: createRoute({
    method: "post",
    path: "/api/payments/webhook/{provider}",
    tags,
    summary: "The payment provider reports a payment (signed; an unsigned or forged event answers 401). Repeated events change nothing.",
    request: {
      params: z.object({ provider: z.string().openapi({ description: "The configured provider's id (PAYMENT_PROVIDER)" }) }),
      body: { required: true, content: { "application/json": { schema: z.object({ id: z.string(), type: z.string(), hostedPageId: z.string() }).passthrough() } } },
    },
    responses: {
      200: json(z.object({ received: z.literal(true) }), "The event is recorded"),
      401: json(z.object({ message: z.string() }), "The signature is missing or wrong"),
      404: json(z.object({ message: z.string() }), "Another provider than the configured one"),
    },
  }),
};
