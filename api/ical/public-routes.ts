import { Hono } from "hono";
import type { PublicApiEnv } from "@api/context";
import { exportStream, unitOfToken } from "./export";

/** The unit's calendar at its secret address, for other platforms and calendar apps (no sign-in: the address is the key). */
export const icalPublicRoutes = new Hono<PublicApiEnv>().get("/api/public/ical/:file", async (c) => {
  const token = /^(.+)\.ics$/.exec(c.req.param("file"))?.[1] ?? "";
  const unit = await unitOfToken(c.var.db, token);
  if (!unit) return c.text("Not found", 404, { "cache-control": "no-store" });
  return new Response(exportStream(c.var.db, unit, new URL(c.env.APP_URL).hostname, new Date()), {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="calendar.ics"',
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
      "referrer-policy": "no-referrer",
    },
  });
});
