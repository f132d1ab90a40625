import { data } from "react-router";
import type { Route } from "./+types/verification-document";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { passOn } from "~/lib/pass-on.server";

/** A host's verification document for staff, streamed from the host API (staff only there too). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { user, stream } = context.get(authContext);
  if (user.role !== "staff" || user.isImpersonating) throw data(null, { status: 404 });
  const response = await stream(hostApi.kycReview.document, { userId: params.userId, documentId: params.documentId });
  // Shown in the browser unless the API names it an attachment; never kept, never sniffed.
  return passOn(response, { keep: ["content-type", "content-disposition"], set: { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } });
}
