import { createRequestHandler, RouterContextProvider } from "react-router";
import { createHostApi, isPublicApiPath } from "@api/host-api";
import { runScheduledJobs } from "@api/jobs";
import { appContext } from "~/lib/context";
import { createNonce, isForeignOriginWrite, withSecurityHeaders } from "@shared/security-headers";
import { discardUnreadBody } from "@shared/unread-body";
import * as build from "virtual:react-router/server-build";

/**
 * React Router derives its routes and handlers from the build once when given the build itself, but
 * again on every request when given a function that loads it: the function is for development only,
 * where Vite replaces the build on each change.
 */
const requestHandler = createRequestHandler(
  import.meta.env.DEV ? () => import("virtual:react-router/server-build") : build,
  import.meta.env.MODE,
);

const hostApi = createHostApi(async (request, env, ctx, services) => {
  const context = new RouterContextProvider();
  context.set(appContext, { env, ctx, nonce: createNonce(), ...services });
  return requestHandler(request, context);
});

// The Durable Object class of wrangler.jsonc's CONVERSATIONS binding: a conversation's live sockets.
export { ConversationRoom } from "@api/live/conversation-room";
// INBOXES: a host's open pages, for the navigation's live Inbox count.
export { InboxRoom } from "@api/messaging/inbox-room";

export default {
  async fetch(request, env, ctx) {
    const response = await answer(request, env, ctx);
    // Whatever answered first, the connection stays usable (shared/unread-body.ts).
    await discardUnreadBody(request);
    return response;
  },
  /** The cron trigger of wrangler.jsonc: the jobs of api/jobs.ts. */
  scheduled: (controller, env) => runScheduledJobs(controller, env),
} satisfies ExportedHandler<Env>;

async function answer(received: Request, env: Env, ctx: ExecutionContext) {
  const production = env.ENVIRONMENT === "production";
  const actsOnCookies = !isPublicApiPath(new URL(received.url).pathname);
  const request = actsOnCookies ? asForm(received) : received;
  if (isForeignOriginWrite(request, actsOnCookies) && !request.headers.has("Authorization")) {
    return withSecurityHeaders(new Response("Cross-origin request refused", { status: 403 }), production);
  }
  const answered = await hostApi.fetch(request, env, ctx);
  // A live socket's upgrade (101) is passed on as it is: a copied response would lose its socket.
  if (answered.webSocket) return answered;
  return withSecurityHeaders(answered, production);
}

/**
 * A write to a page without any body is an empty form, as a browser sends for a form without
 * fields; a body of another type than a form's is refused with 415 (formBodyMiddleware).
 */
function asForm(request: Request): Request {
  const empty = request.body === null || request.headers.get("content-length") === "0";
  if (request.method === "GET" || request.method === "HEAD" || !empty || request.headers.has("content-type")) return request;
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(request.url, { method: request.method, headers, redirect: request.redirect, signal: request.signal });
}
