import type { HostedPageState } from "@domain/checkout";
import { testProvider } from "./test-provider";

/**
 * The boundary to a payment provider. The host API asks it for a hosted payment page and, when the
 * host comes back, for that page's state; the provider confirms or declines the payment later with
 * a signed webhook (POST /api/payments/webhook/{provider}). A real provider is one more entry of
 * PROVIDERS, chosen by configuration (PAYMENT_PROVIDER), with its secret in PAYMENT_WEBHOOK_SECRET.
 */
export interface HostedPageRequest {
  /** Our reference for the payment (the checkout's row); the provider hands it back. */
  reference: string;
  amount: number;
  currency: string;
  description: string;
  /** Where the provider sends the host after the page (absolute, or a path of this app). */
  returnUrl: string;
  /** Where the provider sends its webhook events. */
  webhookUrl: string;
}

export interface WebhookEvent {
  id: string;
  type: "payment_succeeded" | "payment_failed";
  hostedPageId: string;
  reason?: string;
}

export interface PaymentProvider {
  id: string;
  createHostedPage(env: Env, request: HostedPageRequest): Promise<{ hostedPageId: string; url: string }>;
  hostedPageState(env: Env, hostedPageId: string): Promise<HostedPageState>;
  /** Where the host pays on the provider's hosted page. */
  pageUrl(hostedPageId: string): string;
  /** The event in a webhook body the signature was checked for; null when it is not one this provider sends. */
  parseEvent(body: unknown): WebhookEvent | null;
}

const PROVIDERS: Record<string, PaymentProvider> = { [testProvider.id]: testProvider };

/** The configured provider, or null when none is (then checkout is closed). */
export function paymentProvider(env: Env): PaymentProvider | null {
  const id = env.PAYMENT_PROVIDER ?? "";
  return PROVIDERS[id] ?? null;
}

export function webhookSecret(env: Env): string {
  return env.PAYMENT_WEBHOOK_SECRET ?? "";
}
