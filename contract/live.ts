import { createRoute, z } from "@hono/zod-openapi";
import { commonErrors, json, security } from "./http";

/**
 * The token a browser opens a conversation's live socket with (§7 `GET /api/app/messaging/token`,
 * decision 033). The socket itself (`/api/live/conversations/{conversationId}/socket?token=…&after=…`,
 * contract/live-protocol.ts) is not JSON and is not in this document's paths.
 */

/** A live token opens sockets for this long after it is made (each open needs a fresh one). */
export const LIVE_TOKEN_TTL_SECONDS = 120;

export const liveTokenSchema = z
  .object({
    token: z.string().openapi({ description: "Opens the socket of any of the host's own conversations: /api/live/conversations/{conversationId}/socket?token=…&after={last seq seen}" }),
    expiresIn: z.number().int().openapi({ description: "Seconds left to open a socket with it" }),
  })
  .openapi("LiveToken");

export const live = {
  token: createRoute({
    method: "get",
    path: "/api/app/messaging/token",
    tags: ["Messaging"],
    security,
    summary: "A short-lived token to open the live socket of the host's own conversations",
    responses: { 200: json(liveTokenSchema, "The token"), ...commonErrors },
  }),
};
