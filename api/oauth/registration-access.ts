import { hasBearerSecret } from "@api/lib/bearer-secret";
import type { ClientRegistrationCallbackResult } from "@cloudflare/workers-oauth-provider";

/**
 * Dynamic client registration (RFC 7591) is open to the holders of an initial access token
 * (§3, `Authorization: Bearer <CLIENT_REGISTRATION_TOKEN>`), which staff give to a partner (a
 * mobile app, a channel manager) after checking who they are. Open registration would let anyone
 * register a client with a redirect URI of their own and, since the sign-in page asks for no
 * consent, receive a host's tokens after the host signs in on our page. No token configured:
 * registration is closed.
 */
export async function checkRegistrationAccess(request: Request, env: Pick<Env, "CLIENT_REGISTRATION_TOKEN">): Promise<ClientRegistrationCallbackResult | undefined> {
  const expected = env.CLIENT_REGISTRATION_TOKEN;
  if (!expected) return { status: 403, code: "access_denied", description: "Client registration is closed." };
  if (!(await hasBearerSecret(request, expected))) {
    return { status: 401, code: "invalid_token", description: "Registering a client needs the initial access token Stayhost gave you (RFC 7591 §3)." };
  }
  return undefined;
}

