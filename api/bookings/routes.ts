import { bookings as contract } from "@contract/bookings";
import { localDaysAt } from "@domain/time-zones";
import type { ApiEnv } from "@api/context";
import { contractRouter } from "@api/lib/openapi";
import { ownBooking, owned } from "@api/lib/ownership";
import { presentBooking, presentBookingListItem, presentPage } from "./present";
import { listBookings } from "./queries";
import { cancelBooking } from "./services";

/** §7 Bookings: the host's list, one booking, and its cancellation by the host. */
export const bookingRoutes = contractRouter<ApiEnv>()
  .openapi(contract.list, async (c) => {
    const query = c.req.valid("query");
    return c.json(presentPage(query, await listBookings(c.var.db, c.var.principal.user.id, query, localDaysAt(new Date())), presentBookingListItem), 200);
  })
  .openapi(owned(contract.get, ownBooking()), async (c) => {
    const { row, ...place } = c.var.booking;
    return c.json(presentBooking(row, place), 200);
  })
  .openapi(owned(contract.cancel, ownBooking()), async (c) => {
    const { row, ...place } = c.var.booking;
    const body = c.req.valid("json");
    const cancelled = await cancelBooking(c.var.db, row, { role: "OWNER", reason: body.reason, subReason: body.subReason || null, explanation: body.explanation || null }, new Date());
    return c.json(presentBooking(cancelled, place), 200);
  });
