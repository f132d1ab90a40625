import { href, redirect } from "react-router";
import type { Route } from "./+types/platform";
import { hasSession } from "~/lib/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  throw redirect((await hasSession(request, context)) ? href("/home") : href("/redirect/landing"));
}
