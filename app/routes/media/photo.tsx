import type { Route } from "./+types/photo";
import { hostApi } from "@contract/index";
import { signedInStream } from "~/lib/auth.server";
import { passOn } from "~/lib/pass-on.server";

/**
 * A unit photo for the signed-in host's pages, streamed from the host API (which checks ownership).
 * Outside the shell's layout (app/routes.ts): a page's photos each wait for the session only, not
 * for the shell's call (decision 035).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return passOn(await signedInStream(request, context, hostApi.photos.file, { photoId: params.photoId }), { set: { "Cache-Control": "private, max-age=3600" } });
}
