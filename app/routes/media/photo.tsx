import { data } from "react-router";
import type { Route } from "./+types/photo";
import { hostApi } from "@contract/index";
import { signedInStream } from "~/lib/auth.server";

/**
 * A unit photo for the signed-in host's pages, streamed from the host API (which checks ownership).
 * Outside the shell's layout (app/routes.ts): a page's photos each wait for the session only, not
 * for the shell's call (decision 035).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const response = await signedInStream(request, context, hostApi.photos.file, { photoId: params.photoId });
  if (!response.ok) {
    await response.body?.cancel();
    throw data(null, { status: response.status === 404 ? 404 : 502 });
  }
  return new Response(response.body, {
    headers: {
      "Content-Type": response.headers.get("content-type") ?? "application/octet-stream",
      "Cache-Control": "private, max-age=3600",
    },
  });
}
