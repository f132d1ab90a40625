import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { oauthPaths, signInRequestSchema, signUpRequestSchema, type AuthorizationCompleted } from "@contract/oauth";
import type { GrantProps, PublicApiEnv } from "@api/context";
import { users } from "@api/db/schema";
import { ApiError, validationFailed } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { hashPassword, UNUSABLE_PASSWORD_HASH, verifyPassword } from "@api/lib/password";
import { readJson } from "@api/lib/validation";
import { clearAccountFailures, lockedOutSeconds, recordFailure } from "./rate-limit";

/** The web page that signs a user in; it posts back to oauthPaths.signIn. */
const SIGN_IN_PAGE = "/login";
const SIGN_UP_PAGE = "/register";

type Env = PublicApiEnv & { Bindings: { OAUTH_PROVIDER: OAuthHelpers } };

function clientAddress(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "local";
}

/** Rebuilds the authorization request the client made, so the library validates it again. */
async function parseAuthorization(env: Env["Bindings"], requestUrl: string, query: string) {
  const url = new URL(oauthPaths.authorize, requestUrl);
  url.search = query;
  try {
    return await env.OAUTH_PROVIDER.parseAuthRequest(new Request(url));
  } catch {
    throw new ApiError(400, "The sign-in request is invalid or has expired; start again.");
  }
}

async function complete(env: Env["Bindings"], authRequest: Awaited<ReturnType<OAuthHelpers["parseAuthRequest"]>>, userId: number) {
  const props: GrantProps = { userId, sessionId: newPublicId("ses") };
  const { redirectTo } = await env.OAUTH_PROVIDER.completeAuthorization({
    request: authRequest,
    userId: String(userId),
    metadata: { sessionId: props.sessionId },
    scope: authRequest.scope,
    props,
    revokeExistingGrants: false,
  });
  return redirectTo;
}

export const oauthRoutes = new Hono<Env>()
  .get(oauthPaths.authorize, async (c) => {
    const url = new URL(c.req.url);
    try {
      await c.env.OAUTH_PROVIDER.parseAuthRequest(c.req.raw);
    } catch {
      return c.json({ message: "Invalid authorization request" }, 400);
    }
    const page = url.searchParams.get("screen_hint") === "signup" ? SIGN_UP_PAGE : SIGN_IN_PAGE;
    return c.redirect(`${page}${url.search}`, 302);
  })
  .post(oauthPaths.signIn, async (c) => {
    const body = await readJson(c, signInRequestSchema);
    const db = c.var.db;
    const address = clientAddress(c.req.raw);
    const lockedFor = await lockedOutSeconds(db, body.email, address);
    if (lockedFor > 0) {
      const minutes = Math.ceil(lockedFor / 60);
      const message = `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
      return c.json({ message, errors: [{ field: null, message, type: "locked_out" }] }, 429, { "Retry-After": String(lockedFor) });
    }
    const authRequest = await parseAuthorization(c.env, c.req.url, body.authorizeQuery);
    const user = await db.query.users.findFirst({ where: eq(users.email, body.email) });
    const valid = await verifyPassword(body.password, user?.passwordHash ?? UNUSABLE_PASSWORD_HASH);
    if (!user || !valid) {
      await recordFailure(db, body.email, address);
      throw validationFailed([{ field: null, message: "The email or password is not correct.", type: "invalid_credentials" }]);
    }
    await clearAccountFailures(db, body.email);
    return c.json({ redirectTo: await complete(c.env, authRequest, user.id) } satisfies AuthorizationCompleted);
  })
  .post(oauthPaths.signUp, async (c) => {
    const body = await readJson(c, signUpRequestSchema);
    const db = c.var.db;
    const authRequest = await parseAuthorization(c.env, c.req.url, body.authorizeQuery);
    const existing = await db.query.users.findFirst({ where: eq(users.email, body.email), columns: { id: true } });
    if (existing) throw validationFailed([{ field: "email", message: "An account with this email exists already.", type: "email_taken" }]);
    const [created] = await db
      .insert(users)
      .values({
        publicId: newPublicId("usr"),
        email: body.email,
        passwordHash: await hashPassword(body.password),
        type: body.type,
        firstName: body.firstName,
        lastName: body.lastName,
        companyName: body.type === "company" ? (body.companyName ?? null) : null,
        locale: body.locale ?? "en_US",
        features: ["bookings", "inquiries", "overview"],
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) throw validationFailed([{ field: "email", message: "An account with this email exists already.", type: "email_taken" }]);
    return c.json({ redirectTo: await complete(c.env, authRequest, created.id) } satisfies AuthorizationCompleted, 201);
  });
