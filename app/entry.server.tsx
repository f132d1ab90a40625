import { isbot } from "isbot";
// React's node build, not the edge build the `workerd` condition picks: its renderer keeps markup as
// strings and encodes them into one buffer, where the edge build encodes every attribute and text
// separately (a TextEncoder call each): 0.2–0.3 ms less CPU on a signed-in page (decision 024, "React's node renderer").
// Its node modules (util, crypto, async_hooks, stream) are the nodejs_compat flag's. The server build
// has it encode the markup once per flush (scripts/react-markup-writes.ts).
import { renderToReadableStream } from "react-dom/server.node";
import type { EntryContext, HandleDataRequestFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { answerZodIssuesWithCodes } from "@domain/validation-codes";
import { contentSecurityPolicy } from "@shared/security-headers";
import { mapTileOrigins } from "./lib/map-tiles";
import { appContext } from "./lib/context";
import { NonceProvider } from "./lib/nonce";
import { signInFormTargets } from "./lib/return-to";

export const streamTimeout = 5_000;

// Form schemas answer translated codes (domain/validation-codes.ts), as in the browser.
answerZodIssuesWithCodes();

/**
 * React Router answers 405 for a request other than GET or HEAD to a page without a form's
 * action: such a page allows GET and HEAD, which its 405 says (RFC 9110 §15.5.6).
 */
const PAGE_METHODS = "GET, HEAD";

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  if (response.status === 405) response.headers.set("Allow", PAGE_METHODS);
  return response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, env } = loadContext.get(appContext);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  // Bots and the no-JavaScript experience get the whole document at once.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (responseStatusCode === 405) responseHeaders.set("Allow", PAGE_METHODS);
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, env.ENVIRONMENT === "production", mapTileOrigins(env), signInFormTargets(new URL(request.url))));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
