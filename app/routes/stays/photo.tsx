import { data } from "react-router";
import type { Route } from "./+types/photo";
import { transportFor } from "~/lib/auth.server";

/**
 * A photo of a published unit for its public page, passed on from the public API (which serves only
 * published units' photos), so that it reaches the guest through the web's own origin.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const transport = transportFor(context, request);
  const response = await transport.hostFetch(new Request(new URL(`/api/public/photos/${encodeURIComponent(params.photoId)}`, transport.baseUrl), { headers: transport.headers }));
  if (!response.ok) throw data(null, { status: response.status === 404 ? 404 : 502 });
  return new Response(response.body, {
    headers: {
      "Content-Type": response.headers.get("content-type") ?? "application/octet-stream",
      "Cache-Control": "public, max-age=300",
    },
  });
}
