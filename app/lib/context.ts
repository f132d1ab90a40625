import { createContext } from "react-router";

/** What the Worker entry hands to every loader and action. */
export interface AppContext {
  env: Env;
  ctx: ExecutionContext;
  /** Sends a request to the host API: in-process by default, or to HOST_API_URL. */
  hostFetch: (request: Request) => Promise<Response>;
  /** The OAuth client id of the web app at the authorization server. */
  webClientId: string;
  /** The per-request nonce of the Content-Security-Policy. */
  nonce: string;
}

export const appContext = createContext<AppContext>();
