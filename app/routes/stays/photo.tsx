import type { Route } from "./+types/photo";
import { transportFor } from "~/lib/auth.server";
import { passOn } from "~/lib/pass-on.server";

/**
 * A photo of a published unit for its public page, passed on from the public API (which serves only
 * published units' photos), so that it reaches the guest through the web's own origin.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const transport = transportFor(context, request);
  const response = await transport.hostFetch(new Request(new URL(`/api/public/photos/${encodeURIComponent(params.photoId)}`, transport.baseUrl), { headers: transport.headers }));
  return passOn(response, { set: { "Cache-Control": "public, max-age=300" } });
}
