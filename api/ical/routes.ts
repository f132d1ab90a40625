import { ical as contract } from "@contract/ical";
import { feedAddressProblem } from "@domain/ical-address";
import type { ApiEnv } from "@api/context";
import { notFound, validationFailed } from "@api/lib/errors";
import { owned, ownIcalFeed, ownUnit, ownUnitWith } from "@api/lib/ownership";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";
import { exportTokenOf, exportUrl, regenerateExportToken } from "./export";
import { fetchLimitsOf } from "./fetch-feed";
import { addFeed, conflictsQuery, feedsQuery, presentFeed, removeFeed, renameFeed, syncFeedNow, type FeedRow } from "./feeds";

const english = translator("en_US");

/** The feed a path names, only as one of the unit's (the guards loaded both for the host). */
function feedOfUnit({ feed, unit }: { feed: FeedRow; unit: { id: number } }): FeedRow {
  if (feed.unitId !== unit.id) throw notFound("Feed");
  return feed;
}

export const icalRoutes = contractRouter<ApiEnv>()
  .openapi(owned(contract.feeds, ownUnitWith((db, unitId) => [feedsQuery(db, unitId), conflictsQuery(db, unitId)] as const)), async (c) => {
    const [feeds, conflicts] = c.var.reads;
    return c.json({ items: feeds.map((feed) => presentFeed(feed, conflicts)) }, 200);
  })
  .openapi(owned(contract.addFeed, ownUnit()), async (c) => {
    const body = c.req.valid("json");
    const limits = fetchLimitsOf(c.env);
    const problem = feedAddressProblem(body.url, { allowPrivate: limits.allowPrivate });
    if (problem) throw validationFailed([{ field: "url", message: english(`validation.${problem}`), type: problem }]);
    return c.json(await addFeed(c.var.db, c.var.unit, c.var.property, body, limits, new Date()), 201);
  })
  .openapi(owned(contract.renameFeed, [ownUnit(), ownIcalFeed()]), async (c) => {
    return c.json(await renameFeed(c.var.db, feedOfUnit(c.var), c.req.valid("json").name), 200);
  })
  .openapi(owned(contract.removeFeed, [ownUnit(), ownIcalFeed()]), async (c) => {
    await removeFeed(c.var.db, feedOfUnit(c.var));
    return c.body(null, 204);
  })
  .openapi(owned(contract.syncFeed, [ownUnit(), ownIcalFeed()]), async (c) => {
    const feed = feedOfUnit(c.var);
    const body = (c.req.header("content-type") ?? "").includes("json") ? c.req.valid("json") : {};
    const { feed: synced } = await syncFeedNow(c.var.db, feed, c.var.property, fetchLimitsOf(c.env), new Date(), body.acceptEmpty === true);
    return c.json(synced, 200);
  })
  .openapi(owned(contract.export, ownUnit()), async (c) => {
    return c.json({ url: exportUrl(c.env.APP_URL, await exportTokenOf(c.var.db, c.var.unit)) }, 200);
  })
  .openapi(owned(contract.regenerateExport, ownUnit()), async (c) => {
    return c.json({ url: exportUrl(c.env.APP_URL, await regenerateExportToken(c.var.db, c.var.unit)) }, 201);
  });
