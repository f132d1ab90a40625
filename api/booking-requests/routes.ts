import { and, count, eq, gt, inArray, type SQLWrapper } from "drizzle-orm";
import { bookingRequests as contract } from "@contract/booking-requests";
import { requestRejection } from "@domain/booking";
import type { ApiEnv } from "@api/context";
import type { Database } from "@api/db/client";
import { bookingRequests, propertyUnits } from "@api/db/schema";
import { presentBooking, presentPage, presentRequest, presentRequestListItem } from "@api/bookings/present";
import { listRequests, requestListQueryOf } from "@api/bookings/queries";
import { confirmRequest, rejectRequest } from "@api/bookings/services";
import { validationFailed } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { ownBookingRequest, owned } from "@api/lib/ownership";
import { idealGuestOf } from "@api/overview/queries";
import { translator } from "@api/lib/translate";

const english = translator("en_US");

/** The query counting the host's booking requests still waiting for an answer: requested, not yet expired, of one of the host's units. */
export function pendingRequestsQuery(db: Database, hostUserId: number | SQLWrapper, now: Date | SQLWrapper = new Date()) {
  return db
    .select({ count: count() })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.hostUserId, hostUserId),
        eq(bookingRequests.status, "REQUESTED"),
        gt(bookingRequests.expiresAt, now),
        inArray(bookingRequests.unitId, db.select({ id: propertyUnits.id }).from(propertyUnits).where(eq(propertyUnits.hostUserId, hostUserId))),
      ),
    );
}

/** §7 Booking requests: the pending count, the list, one request, and the host's answers. */
export const bookingRequestRoutes = contractRouter<ApiEnv>()
  .openapi(contract.pendingCount, async (c) => {
    const [row] = await pendingRequestsQuery(c.var.db, c.var.principal.user.id);
    return c.json({ count: row?.count ?? 0 }, 200);
  })
  .openapi(contract.list, async (c) => {
    const query = requestListQueryOf(c.req.valid("query"));
    const now = new Date();
    return c.json(presentPage(query, await listRequests(c.var.db, c.var.principal.user.id, query, now), (row, place) => presentRequestListItem(row, place, now)), 200);
  })
  .openapi(owned(contract.get, ownBookingRequest()), async (c) => {
    const { row, idealGuest, ...place } = c.var.bookingRequest;
    return c.json({ ...presentRequest(row, place, new Date()), idealGuest: idealGuestOf(idealGuest) }, 200);
  })
  .openapi(owned(contract.confirm, ownBookingRequest()), async (c) => {
    const { row, unit, property } = c.var.bookingRequest;
    const now = new Date();
    const { request, booking } = await confirmRequest(c.var.db, c.var.principal.user, unit, row, now);
    return c.json({ request: presentRequest(request, { unit, property }, now), booking: presentBooking(booking, { unit, property }) }, 200);
  })
  .openapi(owned(contract.reject, ownBookingRequest()), async (c) => {
    const { row, ...place } = c.var.bookingRequest;
    const { rejection, problem } = requestRejection(c.req.valid("json"));
    if (!rejection) throw validationFailed([{ field: "explanation", message: english(`validation.${problem}`), type: problem! }]);
    const now = new Date();
    return c.json(presentRequest(await rejectRequest(c.var.db, c.var.principal.user, row, rejection, now), place, now), 200);
  });
