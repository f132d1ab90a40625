import { createCookie } from "react-router";
import { isProduction } from "~/lib/session.server";

/**
 * What the guest's confirmation page shows after a booking, request or inquiry: the answer of the
 * public API and the guest's email, carried through the redirect in a signed cookie for an hour
 * (the guest has no session; the page needs nothing else).
 */
export interface StayReceipt {
  unitId: string;
  type: "booking" | "booking_request" | "inquiry";
  code: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  currency: string;
  totalAmount: number;
  expirationTime: string | null;
  email: string;
}

export function receiptCookie(env: Env) {
  return createCookie("stay_receipt", {
    httpOnly: true,
    sameSite: "lax",
    path: "/stays",
    maxAge: 3600,
    secure: isProduction(env),
    secrets: [env.SESSION_SECRET],
  });
}

export async function readReceipt(env: Env, request: Request): Promise<StayReceipt | null> {
  const value: unknown = await receiptCookie(env).parse(request.headers.get("Cookie"));
  return value && typeof value === "object" && "code" in value && "unitId" in value ? (value as StayReceipt) : null;
}
