import { reports as contract } from "@contract/reports";
import { todayUtc } from "@domain/dates";
import type { PublicApiEnv } from "@api/context";
import { ApiError } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { principalWith } from "@api/lib/principal";
import { presentSellerDetails, sellerDetailsReads } from "@api/user/seller-details";
import { availabilityReads, dac7Stream, presentAvailability, reportableYearsRead, sellerOf } from "./dac7";

/**
 * §7 Reports: the DAC7 years and the yearly file, streamed (decision 035). Registered before the
 * principal middleware (api/host-api.ts): each reads the principal in its own D1 batch (principalWith),
 * so that the file's first bytes wait for one round trip.
 */
export const reportRoutes = contractRouter<PublicApiEnv>()
  .openapi(contract.dac7Availability, async (c) => {
    const [principal, rows] = await principalWith(c, (db, hostUserId) => availabilityReads(db, hostUserId, todayUtc()));
    return c.json(presentAvailability(rows, principal.user), 200);
  })
  .openapi(contract.dac7, async (c) => {
    const { db } = c.var;
    const { year } = c.req.valid("param");
    const today = todayUtc();
    // The year's own check (two index seeks), not the bookings of every year: the first bytes wait for little.
    const [principal, [reportable, ...seller]] = await principalWith(c, (batchDb, hostUserId) => [reportableYearsRead(batchDb, hostUserId, [year], today), ...sellerDetailsReads(batchDb, hostUserId)] as const);
    if (!reportable.length) throw new ApiError(404, `No reportable activity in ${year}`);
    // The payout account of the year's end (or of now, for the year under way).
    const now = new Date().toISOString();
    const at = `${year + 1}-01-01T00:00:00.000Z` < now ? `${year + 1}-01-01T00:00:00.000Z` : now;
    const stream = dac7Stream(db, principal.user.id, year, today, sellerOf(presentSellerDetails(seller)!, at), principal.user.currency);
    return c.body(stream, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="report-${year}.csv"`,
      "cache-control": "private, max-age=1",
    });
  });
