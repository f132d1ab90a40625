import { hostApi } from "@contract/index";
import type { Route } from "./+types/live-token";
import { authContext } from "~/lib/auth.server";

/**
 * The host's live token for the browser's socket (§7 `GET /api/app/messaging/token`, decision 033),
 * as JSON for the conversation page's live client. A signed-out host is led to sign in by the shell.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { token } = await context.get(authContext).call(hostApi.live.token);
  return Response.json({ token }, { headers: { "Cache-Control": "private, no-store" } });
}
