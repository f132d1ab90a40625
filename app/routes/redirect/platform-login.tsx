import { href, redirect } from "react-router";
import type { Route } from "./+types/platform-login";
import { hasSession } from "~/lib/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  throw redirect((await hasSession(request, context)) ? href("/redirect/platform") : href("/redirect/login"));
}
