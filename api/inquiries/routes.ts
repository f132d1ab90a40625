import { inquiries as contract } from "@contract/inquiries";
import { inquiryRejection } from "@domain/booking";
import type { ApiEnv } from "@api/context";
import { presentInquiry, presentInquiryListItem, presentPage } from "@api/bookings/present";
import { listInquiries, paginationOf } from "@api/bookings/queries";
import { confirmInquiry, rejectInquiry } from "@api/bookings/services";
import { unavailabilities } from "@api/calendar/taken-nights";
import { validationFailed } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { ownInquiry, owned } from "@api/lib/ownership";
import { idealGuestOf } from "@api/overview/queries";
import { translator } from "@api/lib/translate";

const english = translator("en_US");

/** §7 Inquiries: the list, one inquiry, the host's answers, and what overlaps its stay. */
export const inquiryRoutes = contractRouter<ApiEnv>()
  .openapi(contract.list, async (c) => {
    const query = c.req.valid("query");
    return c.json(presentPage(query, await listInquiries(c.var.db, c.var.principal.user.id, query), presentInquiryListItem), 200);
  })
  .openapi(owned(contract.get, ownInquiry()), async (c) => {
    const { row, idealGuest, ...place } = c.var.inquiry;
    return c.json({ ...presentInquiry(row, place), idealGuest: idealGuestOf(idealGuest) }, 200);
  })
  .openapi(owned(contract.confirm, ownInquiry()), async (c) => {
    const { row, unit, property } = c.var.inquiry;
    return c.json(presentInquiry(await confirmInquiry(c.var.db, unit, row, new Date()), { unit, property }), 200);
  })
  .openapi(owned(contract.reject, ownInquiry()), async (c) => {
    const { row, ...place } = c.var.inquiry;
    const { rejection, problem } = inquiryRejection(c.req.valid("json"));
    if (!rejection) throw validationFailed([{ field: "explanation", message: english(`validation.${problem}`), type: problem! }]);
    return c.json(presentInquiry(await rejectInquiry(c.var.db, row, rejection, new Date()), place), 200);
  })
  .openapi(owned(contract.overlappingUnavailabilities, ownInquiry()), async (c) => {
    const { row, unit } = c.var.inquiry;
    const paging = c.req.valid("query");
    // The events are few (the nights of one stay); the page is cut from them.
    const events = (await unavailabilities(c.var.db, unit.id, { dateFrom: row.checkIn, dateTo: row.checkOut })).filter((event) => event.id !== row.publicId);
    const start = (paging.page - 1) * paging.limit;
    return c.json({ items: events.slice(start, start + paging.limit), pagination: paginationOf(paging, events.length) }, 200);
  });
