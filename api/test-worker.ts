import { createHostApi } from "./host-api";

/**
 * The host API alone, for the workerd integration tests: the web side is replaced by a handler
 * that only tells the tests the web client's id.
 */
const hostApi = createHostApi(async (_request, _env, _ctx, services) => Response.json({ webClientId: services.webClientId }));

export default {
  fetch: (request, env, ctx) => hostApi.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
