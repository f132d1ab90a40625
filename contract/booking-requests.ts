import { createRoute, z } from "@hono/zod-openapi";
import { commonErrors, json, security } from "./http";

/** §7 Booking requests. */

export const pendingCountSchema = z.number().int().min(0).openapi({ description: "Booking requests still waiting for an answer: requested and not yet expired" });

export const bookingRequests = {
  pendingCount: createRoute({
    method: "get",
    path: "/api/app/booking-requests-pending-count",
    tags: ["Booking requests"],
    summary: "How many booking requests wait for the host's answer",
    security,
    responses: { 200: json(z.object({ count: pendingCountSchema }), "The count"), ...commonErrors },
  }),
};
