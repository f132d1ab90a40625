import { reports as contract } from "@contract/reports";
import { missingSellerData } from "@domain/dac7";
import { todayUtc } from "@domain/dates";
import type { ApiEnv } from "@api/context";
import { ApiError } from "@api/lib/errors";
import { contractRouter } from "@api/lib/openapi";
import { presentSellerDetails, sellerDetailsReads } from "@api/user/seller-details";
import { availabilityRead, dac7Stream, sellerOf, yearsOf } from "./dac7";

/** §7 Reports: the DAC7 years and the yearly file, streamed (decision 035). */
export const reportRoutes = contractRouter<ApiEnv>()
  .openapi(contract.dac7Availability, async (c) => {
    const { db, principal } = c.var;
    const [years, ...seller] = await db.batch([availabilityRead(db, principal.user.id, todayUtc()), ...sellerDetailsReads(db, principal.user.id)]);
    return c.json({ years: yearsOf(years), missingSellerData: missingSellerData(sellerOf(presentSellerDetails(seller)!, new Date().toISOString())) }, 200);
  })
  .openapi(contract.dac7, async (c) => {
    const { db, principal } = c.var;
    const { year } = c.req.valid("param");
    const today = todayUtc();
    const [years, ...seller] = await db.batch([availabilityRead(db, principal.user.id, today), ...sellerDetailsReads(db, principal.user.id)]);
    if (!yearsOf(years).includes(year)) throw new ApiError(404, `No reportable activity in ${year}`);
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
