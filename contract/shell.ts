import { createRoute, z } from "@hono/zod-openapi";
import { pendingCountSchema } from "./booking-requests";
import { commonErrors, json, security } from "./http";
import { currentUserSchema, interactionSchema } from "./user";

/** What the signed-in shell shows on every page, in one call. */
export const shellSchema = z
  .object({ user: currentUserSchema, interactions: z.array(interactionSchema), pendingCount: pendingCountSchema })
  .openapi("Shell");
export type Shell = z.infer<typeof shellSchema>;

export const shell = {
  get: createRoute({
    method: "get",
    path: "/api/app/shell",
    tags: ["User"],
    summary: "The current user (as GET user/info), the interactions seen (as GET user/interactions) and the pending booking requests' count, in one call",
    security,
    responses: { 200: json(shellSchema, "The shell's data"), ...commonErrors },
  }),
};
