import { Hono } from "hono";
import type { HostedPageState } from "@domain/checkout";
import type { PaymentProvider, WebhookEvent } from "./provider";
import { SIGNATURE_HEADER, signPayload } from "./signature";

/**
 * A local payment provider that behaves like a real one, for development, demos and tests
 * (PAYMENT_PROVIDER=test): it keeps its hosted pages in its own store (KV), serves the payment page
 * at /api/payments/test-provider/pages/{id} with three outcomes, and reports them to the webhook
 * with a signature, as a provider does:
 * - Pay: the payment succeeds; the webhook confirms it at once.
 * - Decline: the card is declined; the webhook says so.
 * - Pay, bank confirms later: the page succeeds but the payment is pending; the webhook comes only
 *   when the (simulated) bank confirms or rejects it on the same page later.
 * Its page is the provider's, not the product's: plain HTML in English, as a provider's sandbox.
 */

interface Page {
  reference: string;
  amount: number;
  currency: string;
  description: string;
  returnUrl: string;
  webhookUrl: string;
  state: HostedPageState;
}

const PREFIX = "test-payment-provider:page:";
const PAGE_TTL_SECONDS = 7 * 24 * 3600;
export const TEST_PROVIDER_ID = "test";

async function readPage(env: Env, id: string): Promise<Page | null> {
  return (await env.SESSION_KV.get<Page>(`${PREFIX}${id}`, "json")) ?? null;
}

async function writePage(env: Env, id: string, page: Page): Promise<void> {
  await env.SESSION_KV.put(`${PREFIX}${id}`, JSON.stringify(page), { expirationTtl: PAGE_TTL_SECONDS });
}

export const testProvider: PaymentProvider = {
  id: TEST_PROVIDER_ID,
  async createHostedPage(env, request) {
    const hostedPageId = `hp_test_${crypto.randomUUID().replaceAll("-", "")}`;
    await writePage(env, hostedPageId, { ...request, state: "open" });
    return { hostedPageId, url: testProvider.pageUrl(hostedPageId) };
  },
  pageUrl: (hostedPageId) => `/api/payments/test-provider/pages/${hostedPageId}`,
  async hostedPageState(env, hostedPageId) {
    return (await readPage(env, hostedPageId))?.state ?? "failed";
  },
  parseEvent(body) {
    if (typeof body !== "object" || body === null) return null;
    const { id, type, hostedPageId, reason } = body as Record<string, unknown>;
    if (typeof id !== "string" || typeof hostedPageId !== "string" || (type !== "payment_succeeded" && type !== "payment_failed")) return null;
    return { id, type, hostedPageId, ...(typeof reason === "string" ? { reason } : {}) };
  },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const button = (outcome: string, label: string) => `<form method="post"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;

function pageHtml(id: string, page: Page): string {
  const amount = new Intl.NumberFormat("en", { style: "currency", currency: page.currency }).format(page.amount / 100);
  const actions =
    page.state === "open"
      ? button("pay", "Pay") + button("pay_later", "Pay, bank confirms later") + button("decline", "Decline the card")
      : page.state === "pending"
        ? `<p>The bank has not confirmed the payment yet.</p>${button("confirm", "Bank confirms the payment")}${button("reject", "Bank rejects the payment")}`
        : `<p>This payment is ${page.state === "succeeded" ? "complete" : "declined"}.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Test payment provider</title></head>
<body><main><h1>Test payment provider</h1><p>${escape(page.description)}</p><p><strong>${escape(amount)}</strong></p><p>Payment page <code>${escape(id)}</code></p>${actions}
<p><a href="${escape(withHostedPage(page.returnUrl, id))}">Back to the app</a></p></main></body></html>`;
}

function withHostedPage(url: string, id: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}hostedPageId=${encodeURIComponent(id)}`;
}

/**
 * The provider's payment page, and the webhook it sends: `deliver` posts a signed event to the
 * webhook as the provider's servers would.
 */
export function testProviderRoutes(deliver: (request: Request, env: Env) => Promise<Response>) {
  async function send(env: Env, origin: string, page: Page, id: string, type: WebhookEvent["type"], reason?: string) {
    const event: WebhookEvent = { id: `evt_test_${crypto.randomUUID()}`, type, hostedPageId: id, ...(reason ? { reason } : {}) };
    const body = JSON.stringify(event);
    const secret = env.PAYMENT_WEBHOOK_SECRET ?? "";
    const response = await deliver(
      new Request(new URL(page.webhookUrl, origin), { method: "POST", headers: { "content-type": "application/json", [SIGNATURE_HEADER]: await signPayload(secret, body) }, body }),
      env,
    );
    if (!response.ok) throw new Error(`The webhook answered ${response.status}`);
  }

  return new Hono<{ Bindings: Env }>()
    .get("/api/payments/test-provider/pages/:id", async (c) => {
      const id = c.req.param("id");
      const page = await readPage(c.env, id);
      if (!page) return c.text("Unknown payment page", 404);
      return c.html(pageHtml(id, page));
    })
    .post("/api/payments/test-provider/pages/:id", async (c) => {
      const id = c.req.param("id");
      const page = await readPage(c.env, id);
      if (!page) return c.text("Unknown payment page", 404);
      const outcome = String((await c.req.parseBody()).outcome ?? "");
      const origin = new URL(c.req.url).origin;
      const next: Record<string, { from: HostedPageState; to: HostedPageState; event?: WebhookEvent["type"]; reason?: string }> = {
        pay: { from: "open", to: "succeeded", event: "payment_succeeded" },
        pay_later: { from: "open", to: "pending" },
        decline: { from: "open", to: "failed", event: "payment_failed", reason: "card_declined" },
        confirm: { from: "pending", to: "succeeded", event: "payment_succeeded" },
        reject: { from: "pending", to: "failed", event: "payment_failed", reason: "bank_rejected" },
      };
      const step = next[outcome];
      if (!step || step.from !== page.state) return c.html(pageHtml(id, page), 409);
      const updated = { ...page, state: step.to };
      await writePage(c.env, id, updated);
      if (step.event) await send(c.env, origin, updated, id, step.event, step.reason);
      // The bank's later answer stays on the provider's page; the host's own steps go back to the app.
      if (outcome === "confirm" || outcome === "reject") return c.html(pageHtml(id, updated));
      return c.redirect(withHostedPage(page.returnUrl, id), 303);
    });
}
