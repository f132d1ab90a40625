import { href, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signedOutCookie } from "./guest-session.server";

/** The guest signs out: the token's cookie goes; the sign-in page clears what the browser kept. */
export async function action({ context }: Route.ActionArgs) {
  return redirect(href("/guest/login"), { headers: { "Set-Cookie": await signedOutCookie(context) } });
}

export function loader() {
  return redirect(href("/guest/login"));
}
