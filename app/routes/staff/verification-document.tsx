import { data } from "react-router";
import type { Route } from "./+types/verification-document";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";

/** A host's verification document for staff, streamed from the host API (staff only there too). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { user, stream } = context.get(authContext);
  if (user.role !== "staff" || user.isImpersonating) throw data(null, { status: 404 });
  const response = await stream(hostApi.kycReview.document, { userId: params.userId, documentId: params.documentId });
  if (!response.ok) throw data(null, { status: response.status === 404 ? 404 : 502 });
  return new Response(response.body, {
    headers: {
      "Content-Type": response.headers.get("content-type") ?? "application/octet-stream",
      "Content-Disposition": response.headers.get("content-disposition") ?? "inline",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
