import { data } from "react-router";
import type { Route } from "./+types/profile-image";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";

/** The signed-in host's profile image, streamed from the host API; `?v=` names the version, so it is cached. */
export async function loader({ context }: Route.LoaderArgs) {
  const { stream } = context.get(authContext);
  const response = await stream(hostApi.account.image, undefined);
  if (!response.ok) throw data(null, { status: response.status === 404 ? 404 : 502 });
  return new Response(response.body, {
    headers: {
      "Content-Type": response.headers.get("content-type") ?? "application/octet-stream",
      "Cache-Control": "private, max-age=86400",
    },
  });
}
