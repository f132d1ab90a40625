import type { Route } from "./+types/profile-image";
import { hostApi } from "@contract/index";
import { requireAuth, signedInStream } from "~/lib/auth.server";
import { passOnFile } from "~/lib/pass-on.server";
import { NotFoundPage } from "~/routes/not-found-page";
import { refusedFilePage } from "~/routes/not-found.server";

/**
 * The signed-in host's profile image, streamed from the host API; `?v=` names the version, so it is
 * cached. Outside the shell's layout, as the unit photos (decision 035); without an image, the
 * not-found page for a browser opening its address.
 */
export const middleware: Route.MiddlewareFunction[] = [
  passOnFile(async ({ request, context }) => signedInStream(request, context, hostApi.account.image, undefined), { set: { "Cache-Control": "private, max-age=86400" } }),
  requireAuth,
];

/** Only when the API refused the image (passOnFile): the page that says so. */
export async function loader({ context }: Route.LoaderArgs) {
  return refusedFilePage(context);
}

export default function ProfileImageNotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage {...loaderData} />;
}
