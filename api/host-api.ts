import { getOAuthApi, OAuthProvider, type OAuthHelpers, type OAuthProviderOptions } from "@cloudflare/workers-oauth-provider";
import { Hono, type Context } from "hono";
import type { RouterRoute } from "hono/types";
import { oauthPaths } from "@contract/oauth";
import { publicEndpoints } from "@contract/index";
import { STAFF_TAG } from "@contract/staff";
import { answerZodIssuesWithCodes } from "@domain/validation-codes";
import { bookingRequestRoutes } from "./booking-requests/routes";
import { bookingRoutes } from "./bookings/routes";
import { bookingListRoutes } from "./bookings/list-routes";
import { inquiryRoutes } from "./inquiries/routes";
import { messagingRoutes } from "./messaging/routes";
import { homeRoutes } from "./overview/routes";
import { reservationRoutes } from "./bookings/reservation-routes";
import { channelKeyRoutes } from "./channel/keys";
import { channelRoutes } from "./channel/routes";
import { calendarRoutes } from "./calendar/routes";
import { calendarVerificationRoutes } from "./calendar-verification/routes";
import { icalPublicRoutes } from "./ical/public-routes";
import { icalRoutes } from "./ical/routes";
import { guestRoutes } from "./guest/routes";
import { liveRoutes } from "./live/routes";
import { isLiveSocketPath, openLiveSocket } from "./live/socket";
import { pushSystemMessages } from "./live/system-push";
import { isInboxSocketPath, openInboxSocket } from "./messaging/inbox-room";
import type { ApiEnv, GrantProps, PublicApiEnv } from "./context";
import { database } from "./db/client";
import { routeNotFound } from "./lib/allowed-methods";
import { CallerScope } from "./lib/caller-scope";
import { ApiError, errorResponse } from "./lib/errors";
import { principalMiddleware } from "./lib/principal";
import { contractRouter, fromHttpException } from "./lib/openapi";
import { checkRegistrationAccess } from "./oauth/registration-access";
import { withRevocationLog } from "./oauth/revocations";
import { oauthRoutes } from "./oauth/routes";
import { guardTokenEndpoint, REFRESH_TOKEN_TTL_SECONDS } from "./oauth/token-endpoint";
import { ensureWebClient } from "./oauth/web-client";
import { onboardingRoutes } from "./onboarding/routes";
import { kycReviewRoutes } from "./onboarding/staff-review";
import { photoRoutes } from "./photos/routes";
import { pricingRoutes } from "./pricing/routes";
import { propertyRoutes } from "./properties/routes";
import { publicRoutes } from "./public/routes";
import { stayRoutes } from "./public/stays";
import { shellRoutes } from "./shell/routes";
import type { OpenApiDocument } from "./reference/render";
import { referenceRoutes } from "./reference/routes";
import { reportRoutes } from "./reports/routes";
import { insightsRoutes } from "./insights/routes";
import { guestReviewRoutes, reviewRoutes } from "./reviews/routes";
import { unitRoutes } from "./units/routes";
import { staffRoutes } from "./staff/routes";
import { operatorRoutes } from "./staff/accounts";
import { subscriptionRoutes } from "./subscriptions/routes";
import { paymentPublicRoutes, paymentRoutes } from "./payments/routes";
import { userRoutes } from "./user/routes";
import { accountRoutes } from "./user/account-routes";

answerZodIssuesWithCodes();

export { IMPERSONATE_HEADER } from "./lib/principal";
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A revocation row outlives every access token it revokes (issued at most one lifetime before it). */
const REVOCATIONS_KEPT_SECONDS = 2 * ACCESS_TOKEN_TTL_SECONDS;
export const WEB_CLIENT_REDIRECT_PATH = "/auth/callback";

function onError(error: Error, c: Context) {
  if (error instanceof ApiError) return errorResponse(c, error);
  const refused = fromHttpException(error);
  if (refused) return errorResponse(c, refused);
  console.error(error);
  return c.json(
    { type: "about:blank", title: "Internal Server Error", status: 500, detail: "An unexpected error occurred." },
    500,
    { "content-type": "application/problem+json" },
  );
}

/**
 * The authenticated host API of §7, under /api/app. Resources in `contract/` are registered from
 * their declarations (full paths); the others are mounted under /api/app.
 */
export const hostApp = contractRouter<ApiEnv>();
hostApp
  .use(async (c, next) => {
    c.set("db", database(c.env.DB));
    await next();
    // The system messages this request wrote reach the conversations' open sockets once committed.
    await pushSystemMessages(c.env, c.var.db);
  })
  // The shell loads the principal in its own D1 batch (principalWith); every later route finds it loaded.
  .route("/", shellRoutes)
  // So do the reports (a download's first bytes wait for one round trip).
  .route("/", reportRoutes)
  .use(principalMiddleware)
  .route("/", userRoutes)
  .route("/", accountRoutes)
  .route("/", homeRoutes)
  .route("/", bookingRequestRoutes)
  .route("/", bookingRoutes)
  .route("/", bookingListRoutes)
  .route("/", inquiryRoutes)
  .route("/", channelKeyRoutes)
  .route("/", staffRoutes)
  .route("/", propertyRoutes)
  .route("/", unitRoutes)
  .route("/", pricingRoutes)
  .route("/", calendarRoutes)
  .route("/", photoRoutes)
  .route("/", onboardingRoutes)
  .route("/", kycReviewRoutes)
  .route("/", subscriptionRoutes)
  .route("/", paymentRoutes)
  .route("/", calendarVerificationRoutes)
  .route("/", icalRoutes)
  .route("/", messagingRoutes)
  .route("/", liveRoutes)
  .route("/", insightsRoutes)
  .route("/", reviewRoutes)
  .notFound(routeNotFound((): RouterRoute[] => hostApp.routes))
  .onError(onError);

hostApp.openAPIRegistry.registerComponent("securitySchemes", "oauth2", {
  type: "oauth2",
  description: `OAuth 2.1: authorization code with PKCE; refresh tokens rotate. A client gets its client id from the dynamic client registration endpoint (RFC 7591): POST ${oauthPaths.register} with the initial access token Stayhost gave it (Authorization: Bearer …); the server metadata is at /.well-known/oauth-authorization-server.`,
  flows: {
    authorizationCode: { authorizationUrl: oauthPaths.authorize, tokenUrl: oauthPaths.token, refreshUrl: oauthPaths.token, scopes: { host: "Act as the signed-in host" } },
  },
});

hostApp.openAPIRegistry.registerComponent("securitySchemes", "channelKey", {
  type: "http",
  scheme: "bearer",
  description: "A channel API key the host created (POST /api/app/channel-api-keys): Authorization: Bearer shk_…",
});
hostApp.openAPIRegistry.registerComponent("securitySchemes", "guestToken", {
  type: "http",
  scheme: "bearer",
  description: "A guest's token from POST /api/guest/session (booking code and email), valid for a day: Authorization: Bearer …",
});
// The endpoints served beside the host API (the public listing's, the channel intake's) are in its
// document too, so that a channel manager builds against the same reference.
for (const endpoint of publicEndpoints) hostApp.openAPIRegistry.registerPath(endpoint);

let openApiDocument: OpenApiDocument | null = null;

/** The host API's OpenAPI 3.1 document, generated once per isolate from the contract's declarations. */
export function hostApiDocument(): OpenApiDocument {
  openApiDocument ??= hostApp.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Stayhost host API",
      version: "1",
      description:
        "The host API of the vacation-rental marketplace (§7). Every /api/app path needs a bearer token; another host's ids answer 404. Validation failures are 400 { message, errors: [{ field, message, type }] }, other refusals { message }, unexpected errors 500 problem details.",
    },
    tags: [{ name: STAFF_TAG, description: "Staff only: support staff acting for hosts. Not for third-party clients; to anyone who is not staff these endpoints answer 404." }],
  }) as unknown as OpenApiDocument;
  return openApiDocument;
}

/** Unauthenticated endpoints: public settings, brand configuration and the sign-in endpoints. */
export const publicApp = new Hono<PublicApiEnv>()
  .use(async (c, next) => {
    c.set("db", database(c.env.DB));
    await next();
    // As the host API's: a channel's change or cancellation, a guest's, reaches the open sockets.
    await pushSystemMessages(c.env, c.var.db);
  })
  .route("/", publicRoutes)
  .route("/", stayRoutes)
  .route("/", reservationRoutes)
  .route("/", icalPublicRoutes)
  .route("/", channelRoutes as unknown as Hono<PublicApiEnv>)
  .route("/", paymentPublicRoutes as unknown as Hono<PublicApiEnv>)
  .route("/", guestReviewRoutes as unknown as Hono<PublicApiEnv>)
  .route("/", guestRoutes as unknown as Hono<PublicApiEnv>)
  .route("/", operatorRoutes as unknown as Hono<PublicApiEnv>)
  .route("/", referenceRoutes(hostApiDocument))
  .route("/", oauthRoutes as unknown as Hono<PublicApiEnv>)
  .notFound(routeNotFound((): RouterRoute[] => publicApp.routes))
  .onError(onError);

export function isPublicApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/") || pathname.startsWith("/config/") || pathname.startsWith("/oauth/");
}

export interface WebServices {
  /** Sends a request to this Worker's host API without leaving the process. */
  hostFetch: (request: Request) => Promise<Response>;
  webClientId: string;
}

type WebHandler = (request: Request, env: Env, ctx: ExecutionContext, services: WebServices) => Promise<Response>;

/**
 * One Worker, two sides: the OAuth provider guards /api/app with bearer tokens and owns the token
 * endpoint (behind our own checks, see guardTokenEndpoint); public API paths go to the public app;
 * everything else to the web handler.
 */
export function createHostApi(web: WebHandler) {
  const providers = new Map<string, { server: OAuthProvider<Env>; options: OAuthProviderOptions<Env> }>();
  async function webWithServices(request: Request, env: Env & { OAUTH_PROVIDER: OAuthHelpers }, ctx: ExecutionContext): Promise<Response> {
    const webClientId = await ensureWebClient(env.OAUTH_PROVIDER, env, ctx);
    // The page's API calls share one caller: its token is validated and its principal loaded once.
    const caller = new CallerScope(ctx, env.OAUTH_KV);
    const hostFetch = (apiRequest: Request): Promise<Response> =>
      caller.send(
        apiRequest,
        (viaProvider, providerCtx) => serve(viaProvider, env, providerCtx),
        async (direct, directCtx) => hostApp.fetch(direct, env, directCtx),
      );
    return web(request, env, ctx, { webClientId, hostFetch });
  }
  function serve(request: Request, received: Env, ctx: ExecutionContext): Promise<Response> {
    // Whatever revokes a token from here on records it in D1 first (decision 003's addendum).
    const env = withRevocationLog(received, REVOCATIONS_KEPT_SECONDS);
    // A conversation's live socket carries its own token and goes straight to its object (decision 033).
    if (isLiveSocketPath(new URL(request.url).pathname)) return openLiveSocket(request, env);
    // The host's inbox socket, for the navigation's live count (decision 032).
    if (isInboxSocketPath(new URL(request.url).pathname)) return openInboxSocket(request, env);
    const { server, options } = provider(env);
    const revokeGrant = (grantId: string, userId: string) => getOAuthApi(options, env).revokeGrant(grantId, userId);
    return guardTokenEndpoint(request, { kv: env.OAUTH_KV, revokeGrant }, (guarded) => server.fetch(guarded, env, ctx));
  }
  function provider(env: Env) {
    let p = providers.get(env.APP_URL);
    if (!p) {
      const options: OAuthProviderOptions<Env> = {
        apiRoute: "/api/app/",
        apiHandler: {
          fetch: (request, handlerEnv, ctx) => {
            CallerScope.of(ctx)?.remember(request, (ctx as ExecutionContext & { props?: GrantProps }).props);
            return hostApp.fetch(request, handlerEnv, ctx);
          },
        },
        defaultHandler: {
          fetch: (request, handlerEnv, ctx) =>
            isPublicApiPath(new URL(request.url).pathname)
              ? publicApp.fetch(request, handlerEnv, ctx)
              : webWithServices(request, handlerEnv as Env & { OAUTH_PROVIDER: OAuthHelpers }, ctx),
        },
        authorizeEndpoint: oauthPaths.authorize,
        tokenEndpoint: oauthPaths.token,
        // RFC 7591: third-party clients (a mobile app, a channel manager) register themselves, with
        // the initial access token staff gave them (api/oauth/registration-access.ts).
        clientRegistrationEndpoint: oauthPaths.register,
        clientRegistrationCallback: ({ request }) => checkRegistrationAccess(request, env),
        // RFC 8252 §7.1: a native app may receive its code on a private-use scheme (PKCE binds it).
        allowPrivateUseRedirectUris: true,
        accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
        refreshTokenTTL: REFRESH_TOKEN_TTL_SECONDS,
        scopesSupported: ["host"],
        resourceMetadata: { resource: new URL(env.APP_URL).origin, authorization_servers: [new URL(env.APP_URL).origin] },
        onError: () => undefined,
      };
      p = { server: new OAuthProvider<Env>(options), options };
      providers.set(env.APP_URL, p);
    }
    return p;
  }
  return { fetch: serve };
}
