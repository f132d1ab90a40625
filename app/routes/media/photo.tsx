import type { Route } from "./+types/photo";
import { hostApi } from "@contract/index";
import { requireAuth, signedInStream } from "~/lib/auth.server";
import { passOnFile } from "~/lib/pass-on.server";
import { NotFoundPage } from "~/routes/not-found-page";
import { refusedFilePage } from "~/routes/not-found.server";

/**
 * A unit photo for the signed-in host's pages, streamed from the host API (which checks ownership).
 * Outside the shell's layout (app/routes.ts): a page's photos each wait for the session only, not
 * for the shell's call (decision 035). A photo that is not there is an image's bare 404, and the
 * not-found page for a browser opening its address.
 */
export const middleware: Route.MiddlewareFunction[] = [
  passOnFile(async ({ request, params, context }) => signedInStream(request, context, hostApi.photos.file, { photoId: params.photoId }), {
    set: { "Cache-Control": "private, max-age=3600" },
  }),
  requireAuth,
];

/** Only when the API refused the photo (passOnFile): the page that says so. */
export async function loader({ context }: Route.LoaderArgs) {
  return refusedFilePage(context);
}

export default function PhotoNotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage {...loaderData} />;
}
