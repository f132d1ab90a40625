import type { Route } from "./+types/register";
import { startSignIn } from "~/lib/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return startSignIn(request, context, "register");
}
