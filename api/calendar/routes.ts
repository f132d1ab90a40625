import { calendar as contract } from "@contract/calendar";
import type { ApiEnv } from "@api/context";
import { owned, ownUnit } from "@api/lib/ownership";
import { contractRouter } from "@api/lib/openapi";
import { unitTimeZone } from "@api/pricing/prices";
import { blockNights, refusePastDays, unavailabilities, unblockNights } from "./taken-nights";

/** §7 Unavailability: `/properties/{unitId}/unavailabilities`, the unit named by its public id. */
export const calendarRoutes = contractRouter<ApiEnv>()
  .openapi(owned(contract.unavailabilities, ownUnit("unitId")), async (c) => {
    const range = c.req.valid("query");
    return c.json({ ...range, items: await unavailabilities(c.var.db, c.var.unit.id, range) }, 200);
  })
  .openapi(owned(contract.block, ownUnit("unitId")), async (c) => {
    const { unit, property } = c.var;
    const range = c.req.valid("json");
    refusePastDays(range.dateFrom, unitTimeZone(property));
    return c.json(await blockNights(c.var.db, unit, range), 201);
  })
  .openapi(owned(contract.unblock, ownUnit("unitId")), async (c) => {
    const range = c.req.valid("json");
    const { db, unit } = c.var;
    const opened = await unblockNights(db, unit, range);
    return c.json({ ...range, opened, items: await unavailabilities(db, unit.id, range) }, 200);
  });
