import type { Route } from "./+types/callback";
import { finishSignIn, restartSignIn } from "~/lib/auth.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return await finishSignIn(request, context);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("Sign-in callback refused:", error instanceof Error ? error.message : error);
    // A stale, replayed or foreign callback: start a fresh sign-in rather than show an error.
    throw await restartSignIn(request, context);
  }
}
