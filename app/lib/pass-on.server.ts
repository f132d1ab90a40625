import { createContext, data, type RouterContextProvider } from "react-router";

interface PassOnOptions {
  /** The answer's headers the browser gets (its type by default). */
  keep?: string[];
  /** The route's own headers, over the kept ones. */
  set?: Record<string, string>;
  /** The API's statuses that mean this route's 404 (any other refusal is a 502). */
  notFound?: number[];
}

/** The file as the browser gets it, or the status this route answers for the API's refusal (404 or 502). */
async function fileOrRefusal(response: Response, { keep = ["content-type"], set = {}, notFound = [404] }: PassOnOptions): Promise<Response | number> {
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return notFound.includes(response.status) ? 404 : 502;
  }
  const headers = new Headers({ "content-type": "application/octet-stream" });
  for (const name of keep) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(set)) headers.set(name, value);
  return new Response(response.body, { headers });
}

/**
 * An API's answer with a file, passed on to the browser as it arrives: the Worker never holds the
 * file (decision 035). The browser gets the answer's headers named in `keep` (its type by default,
 * `application/octet-stream` when it names none) and the route's own `set` over them. A refusal is
 * this route's 404 where the API's status is one of `notFound`, else 502 (it failed on the way);
 * its body is dropped unread.
 */
export async function passOn(response: Response, options: PassOnOptions = {}): Promise<Response> {
  const file = await fileOrRefusal(response, options);
  if (typeof file === "number") throw data(null, { status: file });
  return file;
}

/** The status of the file the API refused, for the page that says so. */
const refusedFileContext = createContext<number>(404);

/**
 * Whether the browser opens the address as a page (a link followed, the address typed), rather than
 * as an image, a download it started itself or a script's request: only a page is worth the frame.
 */
export function opensAsPage(request: Request): boolean {
  const destination = request.headers.get("sec-fetch-dest");
  if (destination) return destination === "document";
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/**
 * The middleware of a file route (decision 035): the file `open`'s API answer holds, passed on as it
 * arrives (passOn) before any loader runs, so that its first bytes wait for `open` alone. When the
 * API refused it, a browser opening the address as a page gets the app's page for the refusal
 * (the next middleware and the route's loader and component, see `refusedFile`: the not-found page,
 * translated, with a way back; "failed to load" for a 502), and an image or a script the bare status.
 */
export function passOnFile<Args extends { request: Request; context: Readonly<RouterContextProvider> }>(
  open: (args: Args) => Promise<Response>,
  options: PassOnOptions = {},
): (args: Args, next: () => Promise<Response>) => Promise<Response> {
  return async (args, next) => {
    const file = await fileOrRefusal(await open(args), options);
    if (typeof file !== "number") return file;
    if (!opensAsPage(args.request)) return new Response(null, { status: file });
    args.context.set(refusedFileContext, file);
    return next();
  };
}

/** In a file route's loader (passOnFile): the status of the refusal its page shows. */
export function refusedFile(context: Readonly<RouterContextProvider>): number {
  return context.get(refusedFileContext);
}

