import { href, redirect, type MiddlewareFunction } from "react-router";
import { authContext } from "~/lib/auth.server";

/** The bookings pages are there only when bookings are available to the host; everyone else goes to `/` (§2). */
export const requireBookings: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (!context.get(authContext).user.bookingsAvailable) throw redirect(href("/"));
  return next();
};

/** The inquiries pages: for staff, or when inquiries are available to the host; everyone else goes to `/` (§2). */
export const requireInquiries: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { user } = context.get(authContext);
  if (!(user.inquiriesAvailable || user.role === "staff")) throw redirect(href("/"));
  return next();
};
