import { data, href, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/booking-type";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { appContext } from "~/lib/context";
import { flash } from "~/lib/flash.server";
import { requireCommission } from "~/lib/guards.server";
import { HostApiError } from "~/lib/host-api.server";
import { sessionStorage } from "~/lib/session.server";
import { hostApi } from "@contract/index";

/** Instant booking is for hosts who take bookings (§3): everyone else goes to `/` (§2). */
export const middleware: Route.MiddlewareFunction[] = [requireCommission];

const schema = z.object({ bookingType: z.enum(["onLine", "onRequest"]) });

/**
 * Switches a unit between instant booking and booking on request (§3 Booking type). The outcome
 * comes back as a snackbar on the unit page: a confirmation, or the generic try-again message (§8).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") throw data(null, { status: 400 });
  const { bookingType } = submission.value;
  const { call, session } = context.get(authContext);
  let unitGone = false;
  try {
    await call(hostApi.units.changeBookingPreference, { body: { unitIds: [params.unitId], bookingType } });
    flash(session, { kind: "success", key: `properties:bookingType.saved.${bookingType}` });
  } catch (error) {
    if (!(error instanceof HostApiError)) throw error;
    flash(session, { kind: "error", key: "commons.errorOccuredPleaseTryAgain" });
    unitGone = error.status === 404;
  }
  const storage = sessionStorage(context.get(appContext).env);
  // Back to the section the host was on; straight there, so that no intermediate redirect reads the flash.
  const base = href("/properties/:propertyId/units/:unitId", params);
  const referer = request.headers.get("Referer");
  const from = referer ? new URL(referer) : null;
  const back = unitGone
    ? href("/properties")
    : from && from.origin === new URL(request.url).origin && from.pathname.startsWith(`${base}/`)
      ? from.pathname
      : href("/properties/:propertyId/units/:unitId/about", params);
  return redirect(back, { headers: { "Set-Cookie": await storage.commitSession(session) } });
}

export function loader({ params }: Route.LoaderArgs) {
  throw redirect(href("/properties/:propertyId/units/:unitId", params));
}
