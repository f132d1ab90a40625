/**
 * Webhook signatures: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with the secret shared with
 * the provider (PAYMENT_WEBHOOK_SECRET). An event older than five minutes is refused (a replay).
 */
export const SIGNATURE_HEADER = "x-payment-signature";
const TOLERANCE_SECONDS = 300;

async function hmac(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function signPayload(secret: string, body: string, now = new Date()): Promise<string> {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${await hmac(secret, `${t}.${body}`)}`;
}

/** Whether `header` signs `body` with `secret`, recently; compared in constant time. */
export async function verifySignature(secret: string, body: string, header: string | null, now = new Date()): Promise<boolean> {
  if (!secret || !header) return false;
  const parts = Object.fromEntries(header.split(",").map((p) => p.trim().split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(now.getTime() / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = await hmac(secret, `${t}.${body}`);
  if (expected.length !== parts.v1.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ parts.v1.charCodeAt(i);
  return difference === 0;
}
