import { data, href, type RouterContextProvider } from "react-router";
import { authIfSignedIn } from "~/lib/auth.server";
import { refusedFile } from "~/lib/pass-on.server";
import { loadShell } from "./shell.server";

/** The not-found page's data (NotFoundPage), status 404: the shell where requireAuth signed a host in for this request. */
export async function notFoundPage(context: Readonly<RouterContextProvider>) {
  // The middleware signed a host in (or not): the session is not read again.
  const shell = authIfSignedIn(context) ? await loadShell(context) : null;
  return data({ homeHref: shell ? href("/home") : href("/"), shell }, { status: 404 });
}

/** The page of a file route whose file the API refused (passOnFile): not found, or the error page of its status (502). */
export async function refusedFilePage(context: Readonly<RouterContextProvider>) {
  const status = refusedFile(context);
  if (status !== 404) throw data(null, { status });
  return notFoundPage(context);
}
