import { z } from "zod";
import { signInSchema, signUpSchema } from "@domain/account";

/**
 * The OAuth 2.1 server's addresses and the sign-in pages' JSON endpoints: served by the API outside
 * /api/app, called by the web. Not `createRoute` declarations (decision 019): the provider library
 * answers the token and registration endpoints itself (form-encoded, RFC 6749 and RFC 7591, described
 * by the server metadata), and the sign-in endpoints belong to the first-party sign-in pages, not to
 * the API third parties build against. Both sides take their paths and shapes from here; plain zod
 * (no OpenAPI metadata), so the sign-in forms may validate with these schemas in the browser.
 */
export const oauthPaths = {
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  /** Dynamic client registration (RFC 7591), answered by the OAuth provider itself. */
  register: "/oauth/register",
  /** The sign-in page's form, posted as JSON with the authorization request it completes. */
  signIn: "/oauth/login",
  /** The registration page's form, likewise. */
  signUp: "/oauth/sign-up",
} as const;

/** The authorization request (`client_id=…&redirect_uri=…`) the sign-in page was opened with. */
const authorizeQuery = z.string().min(1).max(4096);

export const signInRequestSchema = signInSchema.extend({ authorizeQuery });
export type SignInRequest = z.input<typeof signInRequestSchema>;
export const signUpRequestSchema = signUpSchema.and(z.object({ authorizeQuery }));
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

/** A completed sign-in or registration: the client's callback, with the authorization code. */
export const authorizationCompletedSchema = z.object({ redirectTo: z.string() });
export type AuthorizationCompleted = z.infer<typeof authorizationCompletedSchema>;

/** RFC 6749 §5.1: what the token endpoint answers. */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  token_type: z.string(),
});
