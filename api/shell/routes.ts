import { shell as contract } from "@contract/shell";
import { pendingRequestsQuery } from "@api/booking-requests/routes";
import type { PublicApiEnv } from "@api/context";
import type { Placeholder } from "drizzle-orm";
import { cachedStatement } from "@api/db/cached-statement";
import type { Database } from "@api/db/client";
import { principalWith } from "@api/lib/principal";
import { contractRouter } from "@api/lib/openapi";
import { presentPhoto, unitPhotoRows } from "@api/photos/routes";
import { presentUnit } from "@api/properties/present";
import { presentListItems, unsearchedListReads } from "@api/properties/routes";
import { ownedUnitWithPhotoSummaryQueries, photoSummariesOf } from "@api/properties/queries";
import { presentCurrentUser } from "@api/user/current-user";
import { listInteractions, presentInteractions } from "@api/user/routes";

// Every signed-in page reads these: their SQL is built once per isolate (decision 024).
const interactionsRows = cachedStatement((db, $: (name: "hostUserId") => Placeholder) => listInteractions(db, $("hostUserId")));
const pendingCountRow = cachedStatement((db, $: (name: "hostUserId" | "now") => Placeholder) => pendingRequestsQuery(db, $("hostUserId"), $("now")));
const shellReads = (db: Database, hostUserId: number) => [interactionsRows(db, { hostUserId }), pendingCountRow(db, { hostUserId, now: Date.now() })] as const;

/**
 * What the signed-in shell shows on every page, in one call and one D1 round trip with the principal
 * (registered before the principal middleware, see principalWith): the current user
 * (as GET /user/info), the tooltips and tours seen (as GET /user/interactions) and the pending
 * booking requests (as GET /booking-requests-pending-count). A unit's page names its unit (`unit`)
 * and gets it and its photos in the same batch, as GET /property-unit/{id} and its /photos answer
 * them (decision 024): their statements are limited to the principal's host, so another host's or
 * a deleted unit is null. The property list names its page (`propertyListPage`) and gets it in the
 * same batch, as GET /property-list answers it without a search.
 */
export const shellRoutes = contractRouter<PublicApiEnv>().openapi(contract.get, async (c) => {
  const { unit: unitId, propertyListPage } = c.req.valid("query");
  if (propertyListPage && !unitId) {
    const [principal, [interactions, [pending], ...list]] = await principalWith(c, (db, hostUserId) => [...shellReads(db, hostUserId), ...unsearchedListReads(db, hostUserId, propertyListPage)] as const);
    return c.json(
      { user: presentCurrentUser(principal), interactions: presentInteractions(interactions), pendingCount: pending?.count ?? 0, propertyList: presentListItems(propertyListPage, list) },
      200,
    );
  }
  if (!unitId) {
    const [principal, [interactions, [pending]]] = await principalWith(c, shellReads);
    return c.json({ user: presentCurrentUser(principal), interactions: presentInteractions(interactions), pendingCount: pending?.count ?? 0 }, 200);
  }
  const [principal, [interactions, [pending], [unit], [property], summaries, photos]] = await principalWith(
    c,
    (db, hostUserId) => [...shellReads(db, hostUserId), ...ownedUnitWithPhotoSummaryQueries(db, hostUserId, unitId), unitPhotoRows(db, { hostUserId, unitId })] as const,
  );
  const found = unit && property;
  return c.json(
    {
      user: presentCurrentUser(principal),
      interactions: presentInteractions(interactions),
      pendingCount: pending?.count ?? 0,
      unit: found ? presentUnit(property, unit, photoSummariesOf([unit.id], summaries).get(unit.id)!) : null,
      unitPhotos: found ? photos.map(presentPhoto) : null,
    },
    200,
  );
});
