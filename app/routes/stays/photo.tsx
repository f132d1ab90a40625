import type { Route } from "./+types/photo";
import { transportFor } from "~/lib/auth.server";
import { passOnFile } from "~/lib/pass-on.server";
import { NotFoundPage } from "~/routes/not-found-page";
import { refusedFilePage } from "~/routes/not-found.server";

/**
 * A photo of a published unit for its public page, passed on from the public API (which serves only
 * published units' photos), so that it reaches the guest through the web's own origin. A photo that
 * is not there is an image's bare 404, and opened as a page, the visitors' not-found page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  passOnFile(
    async ({ params, request, context }) => {
      const transport = transportFor(context, request);
      return transport.hostFetch(new Request(new URL(`/api/public/photos/${encodeURIComponent(params.photoId)}`, transport.baseUrl), { headers: transport.headers }));
    },
    { set: { "Cache-Control": "public, max-age=300" } },
  ),
];

/** Only when the API refused the photo (passOnFile): the page that says so. */
export async function loader({ context }: Route.LoaderArgs) {
  return refusedFilePage(context);
}

export default function PhotoNotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage {...loaderData} />;
}
