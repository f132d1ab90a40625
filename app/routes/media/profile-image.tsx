import type { Route } from "./+types/profile-image";
import { hostApi } from "@contract/index";
import { signedInStream } from "~/lib/auth.server";
import { passOn } from "~/lib/pass-on.server";

/**
 * The signed-in host's profile image, streamed from the host API; `?v=` names the version, so it is
 * cached. Outside the shell's layout, as the unit photos (decision 035).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return passOn(await signedInStream(request, context, hostApi.account.image, undefined), { set: { "Cache-Control": "private, max-age=86400" } });
}
