import { lazy } from "react";
import type { ShellData } from "./shell.server";
import { PublicFrame } from "~/components/auth-layout";
import { ErrorPage } from "~/components/error-page";

/** Only a signed-in host sees the shell here: a visitor's browser does not load it for an unknown address. */
const ShellFrame = lazy(() => import("./shell").then((module) => ({ default: module.ShellFrame })));

/** The not-found page (notFoundPage's data): in the shell for a signed-in host, else in the visitors' frame. */
export function NotFoundPage({ shell, homeHref }: { shell: ShellData | null; homeHref: string }) {
  if (!shell) {
    return (
      <PublicFrame>
        <ErrorPage status={404} homeHref={homeHref} embedded />
      </PublicFrame>
    );
  }
  return (
    <ShellFrame shell={shell}>
      <ErrorPage status={404} homeHref={homeHref} embedded />
    </ShellFrame>
  );
}
