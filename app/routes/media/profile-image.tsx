import { data } from "react-router";
import type { Route } from "./+types/profile-image";
import { hostApi } from "@contract/index";
import { signedInStream } from "~/lib/auth.server";

/**
 * The signed-in host's profile image, streamed from the host API; `?v=` names the version, so it is
 * cached. Outside the shell's layout, as the unit photos (decision 035).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const response = await signedInStream(request, context, hostApi.account.image, undefined);
  if (!response.ok) {
    await response.body?.cancel();
    throw data(null, { status: response.status === 404 ? 404 : 502 });
  }
  return new Response(response.body, {
    headers: {
      "Content-Type": response.headers.get("content-type") ?? "application/octet-stream",
      "Cache-Control": "private, max-age=86400",
    },
  });
}
