import { createHostApi } from "./host-api";
import { runScheduledJobs } from "./jobs";

/**
 * The host API alone, for the workerd integration tests and the demo data (scripts/seed.ts): the
 * web side is replaced by a handler that only tells its client the web client's id. The cron jobs
 * run as in workers/app.ts.
 */
const hostApi = createHostApi(async (_request, _env, _ctx, services) => Response.json({ webClientId: services.webClientId }));

export default {
  fetch: (request, env, ctx) => hostApi.fetch(request, env, ctx),
  scheduled: (controller, env) => runScheduledJobs(controller, env),
} satisfies ExportedHandler<Env>;

export { ConversationRoom } from "./live/conversation-room";
export { InboxRoom } from "./messaging/inbox-room";
