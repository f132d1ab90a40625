import type { Route } from "./+types/verification-document";
import { hostApi } from "@contract/index";
import { requireAuth, signedInStream } from "~/lib/auth.server";
import { appContext } from "~/lib/context";
import { passOnFile } from "~/lib/pass-on.server";
import { sessionStorage } from "~/lib/session.server";
import { NotFoundPage } from "~/routes/not-found-page";
import { refusedFilePage } from "~/routes/not-found.server";

/**
 * A host's verification document for staff, streamed from the host API, which answers it to staff
 * only (anyone else: 404). Outside the shell's layout (decision 035): its first bytes wait for the
 * session only, not for the shell's call. A staff member acting for a host is that host here as on
 * the staff's pages: not found, before the API is asked. Shown in the browser unless the API names
 * it an attachment; never kept, never sniffed.
 */
export const middleware: Route.MiddlewareFunction[] = [
  passOnFile(
    async ({ request, params, context }) => {
      const session = await sessionStorage(context.get(appContext).env).getSession(request.headers.get("Cookie"));
      if (session.get("impersonating")) return new Response(null, { status: 404 });
      return signedInStream(request, context, hostApi.kycReview.document, { userId: params.userId, documentId: params.documentId });
    },
    { keep: ["content-type", "content-disposition"], set: { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } },
  ),
  requireAuth,
];

/** Only when the API refused the document (passOnFile): the page that says so. */
export async function loader({ context }: Route.LoaderArgs) {
  return refusedFilePage(context);
}

export default function DocumentNotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage {...loaderData} />;
}
