import { createHostApi } from "./host-api";
import { runScheduledJobs } from "./jobs";

/** The web side's page of the tests: one in-process shell call with the bearer token it is sent, answered as the API answered it. */
const SHELL_PAGE = "/test-page/shell";

/**
 * The host API alone, for the workerd integration tests and the demo data (scripts/seed.ts): the
 * web side is replaced by a handler that tells its client the web client's id, and (`SHELL_PAGE`)
 * makes a page's first in-process call, so that tests see what a page's shell call answers across
 * requests (decision 003's addendum). The cron jobs run as in workers/app.ts.
 */
const hostApi = createHostApi(async (request, _env, _ctx, services) => {
  const url = new URL(request.url);
  if (url.pathname === SHELL_PAGE) {
    const headers = { Authorization: request.headers.get("Authorization") ?? "" };
    return services.hostFetch(new Request(new URL("/api/app/shell", url), { headers }));
  }
  return Response.json({ webClientId: services.webClientId });
});

export default {
  fetch: (request, env, ctx) => hostApi.fetch(request, env, ctx),
  scheduled: (controller, env) => runScheduledJobs(controller, env),
} satisfies ExportedHandler<Env>;

export { ConversationRoom } from "./live/conversation-room";
export { InboxRoom } from "./messaging/inbox-room";
