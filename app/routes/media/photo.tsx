import { data } from "react-router";
import type { Route } from "./+types/photo";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";

/** A unit photo for the signed-in host's pages, streamed from the host API (which checks ownership). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { stream } = context.get(authContext);
  const response = await stream(hostApi.photos.file, { photoId: params.photoId });
  if (!response.ok) throw data(null, { status: response.status === 404 ? 404 : 502 });
  return new Response(response.body, {
    headers: {
      "Content-Type": response.headers.get("content-type") ?? "application/octet-stream",
      "Cache-Control": "private, max-age=3600",
    },
  });
}
