import { OAuth2Tokens } from "arctic";
import { createContext, createCookie, href, redirect, redirectDocument, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { OAuth2Strategy } from "remix-auth-oauth2";
import type { Endpoint } from "@contract/http";
import { hostApi } from "@contract/index";
import type { Shell } from "@contract/shell";

/** A unit as the unit calendar lists it (the shell's `calendarUnits`). */
export type CalendarUnit = NonNullable<Shell["calendarUnits"]>[number];
import type { IcalFeed } from "@contract/ical";
import type { ConversationList, ConversationListQueryInput } from "@contract/messaging";
import type { Photo } from "@contract/photos";
import type { PriceList, UnitsCalendarCells } from "@contract/pricing";
import type { PropertyListItemsPage } from "@contract/properties";
import type { SubscriptionPage } from "@contract/subscriptions";
import type { Unit } from "@contract/units";
import { IMPERSONATE_HEADER, IMPERSONATION_ENDED } from "@contract/staff";
import type { CurrentUser } from "@contract/user";
import { oauthPaths, tokenResponseSchema } from "@contract/oauth";
import { appContext } from "./context";
import {
  callHostApi,
  endpointCaller,
  endpointCallerWithHeaders,
  HostApiError,
  orNotFound,
  pathOf,
  type CallEndpoint,
  type CallEndpointWithHeaders,
  type HostApiTransport,
  type ParamsOf,
  type RequestOptions,
} from "./host-api.server";
import { flash } from "./flash.server";
import { getLocale, languageCookie } from "./i18n.server";
import { inboxListOfRequest, queryText } from "./inbox-query";
import { stayListOfRequest } from "./bookings-query";
import type { BookingListQueryInput } from "@contract/bookings";
import type { AllTabQueryInput } from "@contract/booking-list";
import type { RequestListQueryInput } from "@contract/booking-requests";
import type { InquiryListQueryInput } from "@contract/inquiries";
import { propertyListQuery } from "./property-list-query";
import { pagePathname, pageUrl, withQuery } from "./pages";
import { safeReturnTo } from "./return-to";
import { calendarDaysAround, calendarToday, unitsCalendarRead } from "~/routes/calendar/calendar-range";
import { figuresPageOf, type FigureTab } from "~/routes/insights/insights.server";
import { cookieWritten, isProduction, sessionStorage, withSessionCookie, type HostSession, type SessionData } from "./session.server";

/** Refresh the access token when fewer than this many seconds remain (§6). */
export const REFRESH_MARGIN_SECONDS = 120;

export function transportFor(context: Readonly<RouterContextProvider>, request: Request): HostApiTransport {
  const { env, hostFetch } = context.get(appContext);
  const headers: Record<string, string> = {};
  const address = request.headers.get("cf-connecting-ip");
  if (address) headers["cf-connecting-ip"] = address;
  if (env.HOST_API_URL) return { baseUrl: env.HOST_API_URL, hostFetch: (r) => fetch(r), headers };
  // In-process calls carry the canonical origin: access tokens are bound to it as their audience.
  return { baseUrl: env.APP_URL, hostFetch, headers };
}

/** The typed client with a given access token, for calls outside a signed-in request (sign-in, sign-out). */
function callerWithToken(transport: HostApiTransport, token: string): CallEndpoint {
  return endpointCaller(async (method, path, options) => (await callHostApi(transport, method, path, { ...options, token })).data);
}

/** remix-auth-oauth2 with the token endpoint reached through the host API transport, not the network. */
/** What a completed sign-in yields: the session's data, plus the account's language. */
type SignedIn = SessionData & { locale: string };

/** State values are base64url (arctic's generateState); anything else names no cookie of ours. */
const STATE_FORMAT = /^[\w-]{16,128}$/;

/**
 * One cookie per sign-in started (several tabs may sign in at once), named after its state and
 * holding its PKCE code verifier; the callback spends it. remix-auth-oauth2 names its cookie
 * `<name>:<uuid>`, and `:` is not allowed in a cookie name.
 */
function stateCookie(state: string, production: boolean) {
  return createCookie(`oauth_state_${state}`, { httpOnly: true, sameSite: "lax", path: "/auth", maxAge: 600, secure: production });
}

/** The Set-Cookie that spends the state cookie of the sign-in this callback finishes, if any. */
async function spentStateCookie(request: Request, production: boolean): Promise<string | null> {
  const state = new URL(request.url).searchParams.get("state");
  return state && STATE_FORMAT.test(state) ? stateCookie(state, production).serialize("", { maxAge: 0 }) : null;
}

class HostApiStrategy extends OAuth2Strategy<SignedIn> {
  constructor(
    private readonly transport: HostApiTransport,
    private readonly clientId: string,
    options: ConstructorParameters<typeof OAuth2Strategy<SignedIn>>[0],
    private readonly screen: "login" | "register",
    private readonly production: boolean,
  ) {
    super(options, async ({ tokens }) => {
      const user = await callerWithToken(transport, tokens.accessToken())(hostApi.user.info);
      return {
        accessToken: tokens.accessToken(),
        refreshToken: tokens.refreshToken(),
        accessTokenExpiresAt: Date.now() + tokens.accessTokenExpiresInSeconds() * 1000,
        userId: user.userId,
        locale: user.locale,
      };
    });
  }

  /** OAuth2Strategy's flow, with the state kept in a cookie of a valid name (see stateCookie). */
  override async authenticate(request: Request): Promise<SignedIn> {
    const url = new URL(request.url);
    const state = url.searchParams.get("state");
    if (!state) {
      const started = this.createAuthorizationURL();
      started.url.search = this.authorizationParams(started.url.searchParams).toString();
      throw redirect(started.url.toString(), { headers: { "Set-Cookie": await stateCookie(started.state, this.production).serialize(started.codeVerifier) } });
    }
    const codeVerifier: unknown = STATE_FORMAT.test(state) ? await stateCookie(state, this.production).parse(request.headers.get("Cookie")) : null;
    if (typeof codeVerifier !== "string" || !codeVerifier) throw new Error("No sign-in was started with this state, or it has expired");
    const error = url.searchParams.get("error");
    if (error) throw new Error(`The authorization server answered ${error}`);
    const code = url.searchParams.get("code");
    if (!code) throw new Error("The callback carries no code");
    return this.verify({ request, tokens: await this.validateAuthorizationCode(code, codeVerifier) });
  }

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    if (this.screen === "register") params.set("screen_hint", "signup");
    return params;
  }

  protected override async validateAuthorizationCode(code: string, codeVerifier: string) {
    return this.tokenRequest({
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      redirect_uri: String(this.options.redirectURI),
    });
  }

  override async refreshToken(refreshToken: string) {
    return this.tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
  }

  override async revokeToken(token: string) {
    const body = new URLSearchParams({ token, token_type_hint: "refresh_token", client_id: this.clientId });
    await callHostApi(this.transport, "POST", oauthPaths.token, { body }).catch(() => undefined);
  }

  private async tokenRequest(fields: Record<string, string>) {
    const body = new URLSearchParams({ ...fields, client_id: this.clientId });
    const { data } = await callHostApi(this.transport, "POST", oauthPaths.token, { body, schema: tokenResponseSchema });
    return new OAuth2Tokens(data);
  }
}

function strategy(context: Readonly<RouterContextProvider>, request: Request, screen: "login" | "register" = "login") {
  const { env, webClientId } = context.get(appContext);
  const origin = new URL(request.url).origin;
  const transport = transportFor(context, request);
  return new HostApiStrategy(
    transport,
    webClientId,
    {
      clientId: webClientId,
      clientSecret: null,
      authorizationEndpoint: new URL(oauthPaths.authorize, env.HOST_API_URL || origin),
      tokenEndpoint: new URL(oauthPaths.token, transport.baseUrl),
      redirectURI: new URL(href("/auth/callback"), origin),
      scopes: ["host"],
    },
    screen,
    isProduction(env),
  );
}

const returnToCookie = createCookie("return_to", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 600 });

/** Starts the authorization code flow with PKCE; throws the redirect to the authorization server. */
export async function startSignIn(request: Request, context: Readonly<RouterContextProvider>, screen: "login" | "register") {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"), url.origin);
  try {
    await strategy(context, request, screen).authenticate(request);
  } catch (thrown) {
    if (thrown instanceof Response) {
      // The authorization endpoint is outside the web app's routes: the browser must load it as a document.
      const headers = new Headers(thrown.headers);
      headers.delete("Location");
      headers.append("Set-Cookie", await returnToCookie.serialize(returnTo));
      throw redirectDocument(thrown.headers.get("Location") ?? "/", { headers });
    }
    throw thrown;
  }
  throw new Error("The sign-in flow did not redirect");
}

/** A callback that cannot finish (stale, replayed, foreign): its state cookie is spent, sign-in starts afresh. */
export async function restartSignIn(request: Request, context: Readonly<RouterContextProvider>) {
  const spent = await spentStateCookie(request, isProduction(context.get(appContext).env));
  return redirect(href("/redirect/login"), spent ? { headers: { "Set-Cookie": spent } } : undefined);
}

/** Handles the redirect back from the authorization server: a new session id, the state cookie spent. */
export async function finishSignIn(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = context.get(appContext);
  const { locale, ...data } = await strategy(context, request).authenticate(request);
  const storage = sessionStorage(env);
  const previous = await storage.getSession(request.headers.get("Cookie"));
  const headers = new Headers();
  if (previous.id) headers.append("Set-Cookie", await storage.destroySession(previous));
  const session = await storage.getSession();
  for (const [key, value] of Object.entries(data)) session.set(key as keyof SessionData, value as never);
  headers.append("Set-Cookie", await storage.commitSession(session));
  const spent = await spentStateCookie(request, isProduction(env));
  if (spent) headers.append("Set-Cookie", spent);
  headers.append("Set-Cookie", await returnToCookie.serialize("", { maxAge: 0 }));
  if (!(await languageCookie.parse(request.headers.get("Cookie")))) headers.append("Set-Cookie", await languageCookie.serialize(locale));
  const returnTo = safeReturnTo(await returnToCookie.parse(request.headers.get("Cookie")), new URL(request.url).origin);
  return redirect(returnTo, { headers });
}

/**
 * Rotations shared by the requests of this isolate for a minute. Presenting a retired refresh token
 * revokes the whole grant (decision 013), so requests that read the session before another one
 * rotated it (a page and its photos) take that rotation's tokens instead of presenting the old one.
 */
const rotations = new Map<string, { at: number; tokens: Promise<OAuth2Tokens> }>();
const ROTATION_SHARED_MS = 60_000;

function rotate(oauth: HostApiStrategy, refreshToken: string): Promise<OAuth2Tokens> {
  const now = Date.now();
  for (const [token, rotation] of rotations) if (now - rotation.at > ROTATION_SHARED_MS) rotations.delete(token);
  const known = rotations.get(refreshToken);
  if (known) return known.tokens;
  const tokens = oauth.refreshToken(refreshToken);
  rotations.set(refreshToken, { at: now, tokens });
  tokens.catch(() => rotations.delete(refreshToken));
  return tokens;
}

/** What an insights figures page asks for. */
export interface InsightsFiguresQuery {
  unitId: string | undefined;
  from: string;
  to: string;
  unitsPage: number;
}
export interface InsightsFigures {
  performance: NonNullable<Shell["insightsPerformance"]>;
  earnings: NonNullable<Shell["insightsEarnings"]>;
  occupancy: NonNullable<Shell["insightsOccupancy"]>;
}
/** What the reviews tab asks for. */
export interface InsightsReviewsQuery {
  unitId: string | undefined;
  unitsPage: number;
  page: number;
  /** Words of the review's text or the guest's name; undefined lists every review. */
  search: string | undefined;
}

export interface Auth {
  session: HostSession;
  user: CurrentUser;
  /** The rest of what the shell shows, fetched with the user in one call. */
  shell: Omit<Shell, "user" | "unit" | "unitPhotos" | "propertyList" | "priceList" | "priceConfiguration" | "promotions" | "bookings" | "requests" | "inquiries" | "unitsCalendar" | "unitsCalendarCells" | "inbox" | "subscriptionPage" | "billing" | "profile" | "insightsPerformance" | "insightsEarnings" | "insightsOccupancy" | "insightsReviews" | "calendarUnits" | "icalFeeds" | "icalExport" | "taxReport">;
  /**
   * A unit as GET property-unit/{id} answers it; another host's is this page's 404. The unit the
   * page's address names comes with the shell's call (decision 024), unless this request has written
   * since; any other is asked for.
   */
  unit: (id: string) => Promise<Unit>;
  /** A unit's photos as GET property-unit/{id}/photos lists them, read with the shell's call in the same way. */
  unitPhotos: (id: string) => Promise<Photo[]>;
  /** A page of the property list without a search, as GET property-list answers it; the list's page read it with the shell's call in the same way. */
  propertyList: (page: number) => Promise<PropertyListItemsPage>;
  /**
   * A unit's price list of the days `from`…`to` as GET price-list answers it (days outside them may
   * come too); another host's unit is this page's 404. The unit calendar's days come with the shell's
   * call in the same way (the range its address asks for, `calendarReadRange`).
   */
  priceList: (unitId: string, range: { from: string; to: string }) => Promise<PriceList>;
  /**
   * A unit's price configuration with its version (as GET price-configuration answers it, with its
   * ETag's version), read with the shell's call on the unit's price and availability section while
   * this request has not written since; undefined otherwise (the page then asks the endpoint).
   * Another host's unit is this page's 404.
   */
  priceConfiguration: (unitId: string) => NonNullable<Shell["priceConfiguration"]> | undefined;
  /**
   * The promotions offered and their states on a unit (as GET promotions/configuration and GET
   * promotions answer them), read with the shell's call on the unit's promotions section in the same way.
   */
  promotions: (unitId: string) => NonNullable<Shell["promotions"]> | undefined;
  /**
   * A page of the calendar of all units as it shows it (the shell's `unitsCalendarCells`: prices and
   * a digit per cell); the page's address's comes with the shell's call, any other is asked of the shell alone.
   */
  unitsCalendar: (range: { from: string; to: string }, page: number) => Promise<UnitsCalendarCells>;
  /** A page of the host's bookings as GET bookings answers it; the booking list's own comes with the shell's call (decision 024). */
  bookingsList: (query: BookingListQueryInput) => Promise<NonNullable<Shell["bookings"]>>;
  /** A page of the host's booking requests as GET booking-requests answers it; the requests' tab's own comes with the shell's call. */
  requestsList: (query: RequestListQueryInput) => Promise<NonNullable<Shell["requests"]>>;
  /** A page of the host's inquiries as GET booking-inquiries answers it; the inquiries' tab's own comes with the shell's call. */
  inquiriesList: (query: InquiryListQueryInput) => Promise<NonNullable<Shell["inquiries"]>>;
  /** A page of the bookings list's All tab as GET booking-list answers it; the tab's own comes with the shell's call. */
  allTabList: (query: AllTabQueryInput) => Promise<NonNullable<Shell["bookingList"]>>;
  /** How many stays each tab of the bookings list holds (GET booking-list/tab-counts); a tab's page reads them with the shell's call. */
  bookingTabCounts: () => Promise<NonNullable<Shell["bookingTabCounts"]>>;
  /** A page of the inbox as GET messaging/conversations answers it; the inbox page's own comes with the shell's call. */
  inbox: (query: ConversationListQueryInput) => Promise<ConversationList>;
  /**
   * What a unit's subscription pages show (the subscription, the payment source, the unit's renewal
   * plans), read with the shell's call on those pages (decision 024) while this request has not
   * written since; null otherwise (the page then asks the endpoints).
   */
  subscriptionPage: (unitId: string) => SubscriptionPage | null;
  /**
   * The account's billing tab's details (the host's type's, as getIndividualDetails or
   * getBusinessDetails answers them), read with the shell's call on that tab (decision 024) while
   * this request has not written since; null otherwise (the page then asks the endpoint).
   */
  billing: () => NonNullable<Shell["billing"]> | null;
  /** The account's profile tab's profile (as GET user/profile), read with the shell's call until this request writes. */
  profile: () => Promise<NonNullable<Shell["profile"]>>;
  /**
   * An insights page's figures as GET insights/{tab} answers them; another host's unit is this page's
   * 404. The page's own come with the shell's call (decision 042) unless this request has written since.
   */
  insightsFigures: <T extends FigureTab>(tab: T, query: InsightsFiguresQuery) => Promise<InsightsFigures[T]>;
  /** The reviews tab as GET insights/reviews answers it, read with the shell's call on that tab in the same way. */
  insightsReviews: (query: InsightsReviewsQuery) => Promise<NonNullable<Shell["insightsReviews"]>>;
  /**
   * The units the unit calendar lists (those of the property list's first page, in its order), read
   * with the shell's call on its pages while this request has not written since; from the property
   * list otherwise.
   */
  calendarUnits: () => Promise<CalendarUnit[]>;
  /**
   * A unit's imported calendars as GET ical-feeds lists them, and its export address as GET
   * ical-export answers it; another host's unit is this page's 404. The unit calendar's iCal panels
   * read theirs with the shell's call (the export's once made) unless this request has written since.
   */
  icalFeeds: (unitId: string) => Promise<IcalFeed[]>;
  icalExport: (unitId: string) => Promise<{ url: string }>;
  /** The tax report page's years and missing seller data (as GET report/dac7/availability), read with the shell's call on that page until this request writes. */
  taxReport: () => Promise<NonNullable<Shell["taxReport"]>>;
  /** Calls the host API as the signed-in user; refreshes and retries once on 401 (§8). */
  api: <T>(method: string, path: string, options?: Omit<RequestOptions<T>, "token">) => Promise<T>;
  /** The typed client: `call(hostApi.units.get, { params: { id } })`, same refresh and retry as `api`. */
  call: CallEndpoint;
  /** The typed client answering `{ data, headers }` with the success's declared headers (an `ETag`). */
  callWithHeaders: CallEndpointWithHeaders;
  /** A GET whose answer is passed on as it is (files): the response, not parsed. */
  stream: <E extends Endpoint>(endpoint: E, params: ParamsOf<E>) => Promise<Response>;
}

export const authContext = createContext<Auth>();

/** The signed-in host's auth where requireAuth ran for this request, else null (a page for visitors and hosts alike). */
export function authIfSignedIn(context: Readonly<RouterContextProvider>): Auth | null {
  try {
    return context.get(authContext);
  } catch {
    return null;
  }
}

async function signedOutRedirect(request: Request, storage: ReturnType<typeof sessionStorage>, session: HostSession) {
  // The page, also when JavaScript asked for its data: signed in again, the host comes back to it.
  const page = pageUrl(request.url);
  const returnTo = request.method === "GET" ? `${page.pathname}${page.search}` : href("/home");
  return redirect(withQuery(href("/redirect/login"), { returnTo }), {
    headers: { "Set-Cookie": await storage.destroySession(session) },
  });
}

/**
 * The signed-in session and how this request reaches the host API with it (a fresh token, the
 * impersonated host): what requireAuth starts with, and all a download needs. Signed out, or a token
 * that cannot be refreshed: to the login, back here after.
 */
async function openSession(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = context.get(appContext);
  const storage = sessionStorage(env);
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (!session.get("accessToken")) throw await signedOutRedirect(request, storage, session);
  const transport = transportFor(context, request);

  async function refresh(): Promise<boolean> {
    try {
      // From the tokens KV holds now, not those this isolate kept of the revision the browser
      // presented: another request may have rotated them since, and presenting a retired refresh
      // token revokes the grant (decision 013). A session gone from KV is signed out.
      const latest = await storage.latest(session);
      if (!latest?.refreshToken || !latest.accessToken || !latest.accessTokenExpiresAt) return false;
      if (latest.accessToken !== session.get("accessToken") && latest.accessTokenExpiresAt - Date.now() >= REFRESH_MARGIN_SECONDS * 1000) {
        // Refreshed by another request already: its tokens.
        session.set("accessToken", latest.accessToken);
        session.set("refreshToken", latest.refreshToken);
        session.set("accessTokenExpiresAt", latest.accessTokenExpiresAt);
      } else {
        // The OAuth client is made only when a token must be refreshed, not on every page.
        const tokens = await rotate(strategy(context, request), latest.refreshToken);
        session.set("accessToken", tokens.accessToken());
        session.set("refreshToken", tokens.refreshToken());
        session.set("accessTokenExpiresAt", Date.now() + tokens.accessTokenExpiresInSeconds() * 1000);
      }
      // Its new cookie goes with this request's answer (requireAuth, signedInStream).
      await storage.commitSession(session);
      return true;
    } catch {
      return false;
    }
  }

  if (session.get("accessTokenExpiresAt")! - Date.now() < REFRESH_MARGIN_SECONDS * 1000 && !(await refresh())) {
    throw await signedOutRedirect(request, storage, session);
  }

  /** The transport as the signed-in user sends it: with the impersonated host, when there is one. */
  function actingTransport(): HostApiTransport {
    const impersonating = session.get("impersonating");
    return { ...transport, headers: { ...transport.headers, ...(impersonating ? { [IMPERSONATE_HEADER]: impersonating } : {}) } };
  }

  async function stream<E extends Endpoint>(endpoint: E, params: ParamsOf<E>): Promise<Response> {
    const { hostFetch, baseUrl, headers } = actingTransport();
    const url = new URL(pathOf(endpoint, params as Record<string, unknown>), baseUrl);
    return hostFetch(new Request(url, { method: endpoint.method.toUpperCase(), headers: { ...headers, authorization: `Bearer ${session.get("accessToken")}` } }));
  }

  return { storage, session, refresh, actingTransport, stream };
}

/**
 * A download (a resource route outside the shell, decision 035): the host API's answer to `endpoint`
 * as the signed-in user, not parsed, for the route to pass on as it arrives. Only the session and a
 * fresh token come before it, not the shell's call (the page's frame, which a file has none of): the
 * file's first bytes wait for nothing else.
 */
export async function signedInStream<E extends Endpoint>(request: Request, context: Readonly<RouterContextProvider>, endpoint: E, params: ParamsOf<E>): Promise<Response> {
  const { storage, session, refresh, stream } = await openSession(request, context);
  // A token refreshed on the way: its cookie goes with the file.
  const answer = (response: Response) => {
    const cookie = cookieWritten(session);
    return cookie ? withSessionCookie(response, cookie) : response;
  };
  const response = await stream(endpoint, params);
  if (response.status !== 401) return answer(response);
  // A token the API no longer takes: refreshed once, as every call is (§8); else signed out.
  await response.body?.cancel();
  if (await refresh()) {
    const retried = await stream(endpoint, params);
    if (retried.status !== 401) return answer(retried);
    await retried.body?.cancel();
  }
  throw await signedOutRedirect(request, storage, session);
}

/** Route middleware: a page that needs sign-in gets the session, a fresh token, the current user and the shell's data. */
export const requireAuth: MiddlewareFunction<Response> = async ({ request, params: routeParams, context }, next) => {
  const { storage, session, refresh, actingTransport, stream } = await openSession(request, context);

  /**
   * The session still names an impersonation the API has ended (a request racing the sign-out that
   * stopped it, or one started in another browser replaced it): the staff member's own view, saying so.
   */
  async function impersonationEnded(error: unknown) {
    if (!(error instanceof HostApiError && error.status === 403 && session.get("impersonating"))) return null;
    if (!error.formErrors.some((entry) => entry.type === IMPERSONATION_ENDED)) return null;
    session.unset("impersonating");
    flash(session, { kind: "error", key: "impersonation.ended" });
    return redirect(href("/staff/impersonate"), { headers: { "Set-Cookie": await storage.commitSession(session) } });
  }

  /** Writes this request has sent: after one, what the shell's call read of the unit may be stale. */
  let writes = 0;

  async function send<T>(method: string, path: string, options: Omit<RequestOptions<T>, "token"> = {}) {
    if (method !== "GET" && method !== "HEAD") writes++;
    const call = () => callHostApi<T>(actingTransport(), method, path, { ...options, token: session.get("accessToken") });
    try {
      return await call();
    } catch (error) {
      const ended = await impersonationEnded(error);
      if (ended) throw ended;
      if (!(error instanceof HostApiError) || error.status !== 401) throw error;
      if (!(await refresh())) throw await signedOutRedirect(request, storage, session);
      try {
        return await call();
      } catch (retryError) {
        if (retryError instanceof HostApiError && retryError.status === 401) throw await signedOutRedirect(request, storage, session);
        throw retryError;
      }
    }
  }

  async function api<T>(method: string, path: string, options: Omit<RequestOptions<T>, "token"> = {}): Promise<T> {
    return (await send(method, path, options)).data;
  }

  const call = endpointCaller(api);
  const callWithHeaders = endpointCallerWithHeaders(send);
  // A page about a unit (its sections, the wizard) names it: the unit comes in the shell's D1 batch.
  const pageUnitId = routeParams.unitId;
  // So does the property list as it opens (no search).
  const url = new URL(request.url);
  // The page asked for, by a document or (with JavaScript) a data request.
  const path = pagePathname(url);
  const listQuery = path === href("/properties") && request.method === "GET" ? propertyListQuery(url) : undefined;
  // The unit calendar comes with the units it lists (those of the list's first page), instead of the unit.
  const unitCalendar = request.method === "GET" && pageUnitId !== undefined && path.startsWith(`${href("/calendar")}/`);
  // So do the bookings' and inquiries' lists, whose unit filter names the host's units.
  const stayLists = request.method === "GET" && (path.startsWith(`${href("/bookings")}/`) || path === href("/inquiries"));
  const propertyListPage = stayLists ? 1 : listQuery && !listQuery.search ? listQuery.page : undefined;
  // The unit calendar's days, and the calendar of all units (`/calendar`), come with it too.
  const today = unitCalendar || path === href("/calendar") ? calendarToday() : undefined;
  const calendarDays = unitCalendar && today ? calendarDaysAround(url, today) : undefined;
  const unitsCalendarPage = request.method === "GET" && path === href("/calendar") && today ? unitsCalendarRead(url, today) : undefined;
  const calendarRange = calendarDays ?? (unitsCalendarPage ? { from: unitsCalendarPage.window.start, to: unitsCalendarPage.window.end } : undefined);
  // So do the unit's imported calendars or its export address on the calendar's iCal panels.
  const calendarPanel = unitCalendar ? path.slice(`${href("/calendar")}/${pageUnitId}/`.length) : undefined;
  // The overview's data comes with the shell's call too (decision 024).
  const overview = request.method === "GET" && path === href("/home") ? "true" : undefined;
  // So does the booking list's page of bookings, requests or inquiries.
  const stayList = request.method === "GET" ? stayListOfRequest(url) : undefined;
  const stayListText = stayList ? queryText(stayList.query) : undefined;
  // So does the inbox's list (its page of conversations).
  const inboxList = request.method === "GET" ? inboxListOfRequest(url) : undefined;
  const inboxText = inboxList ? queryText(inboxList) : undefined;
  // So does what a unit's subscription pages show (their plan names in the page's language).
  const subscriptionSection =
    request.method === "GET" && routeParams.propertyId !== undefined && pageUnitId !== undefined
      ? (["subscription-and-boosters", "manage-subscription", "boosters"] as const).some(
          (section) => path === href(`/properties/:propertyId/units/:unitId/${section}`, { propertyId: routeParams.propertyId!, unitId: pageUnitId }),
        )
      : false;
  // And the price and availability section its price configuration, the promotions section its promotions.
  const unitSection = (section: "price-and-availability" | "promotions") =>
    request.method === "GET" &&
    routeParams.propertyId !== undefined &&
    pageUnitId !== undefined &&
    path === href(`/properties/:propertyId/units/:unitId/${section}`, { propertyId: routeParams.propertyId, unitId: pageUnitId });
  // And the account's billing tab its tax and company details.
  const billingTab = request.method === "GET" && path === href("/account/billing");
  // And the profile tab its profile.
  const profileTab = request.method === "GET" && path === href("/account/profile");
  // And the tax report page its years.
  const taxReportPage = request.method === "GET" && path === href("/insights/tax-report");
  // And an insights figures page its figures (decision 042).
  const figuresPage = figuresPageOf(request);
  const {
    user,
    unit: pageUnit,
    unitPhotos: pageUnitPhotos,
    propertyList: pagePropertyList,
    priceList: pagePriceList,
    priceConfiguration: pagePriceConfiguration,
    promotions: pagePromotions,
    bookings: pageBookings,
    requests: pageRequests,
    inquiries: pageInquiries,
    bookingList: pageAllTab,
    bookingTabCounts: pageTabCounts,
    unitsCalendarCells: pageUnitsCalendar,
    inbox: pageInbox,
    subscriptionPage: pageSubscription,
    billing: pageBilling,
    profile: pageProfile,
    insightsPerformance: pagePerformance,
    insightsEarnings: pageEarnings,
    insightsOccupancy: pageOccupancy,
    insightsReviews: pageReviews,
    calendarUnits: pageCalendarUnits,
    icalFeeds: pageIcalFeeds,
    icalExport: pageIcalExport,
    taxReport: pageTaxReport,
    ...shell
  } = await call(hostApi.shell.get, {
    query: {
      unit: unitCalendar ? undefined : pageUnitId,
      propertyListPage,
      calendarUnits: unitCalendar ? "true" : undefined,
      priceListUnit: unitCalendar ? pageUnitId : undefined,
      priceConfigurationUnit: unitSection("price-and-availability") ? pageUnitId : undefined,
      promotionsUnit: unitSection("promotions") ? pageUnitId : undefined,
      unitsCalendarPage: unitsCalendarPage?.page,
      unitsCalendarCells: unitsCalendarPage ? "true" : undefined,
      calendarFrom: calendarRange?.from,
      calendarTo: calendarRange?.to,
      overview,
      bookings: stayList?.list === "bookings" ? stayListText : undefined,
      requests: stayList?.list === "requests" ? stayListText : undefined,
      inquiries: stayList?.list === "inquiries" ? stayListText : undefined,
      bookingList: stayList?.list === "all" ? stayListText : undefined,
      bookingTabCounts: stayList?.tabs ? "true" : undefined,
      inbox: inboxText,
      subscriptionUnit: subscriptionSection ? pageUnitId : undefined,
      hl: subscriptionSection ? getLocale(context) : undefined,
      billing: billingTab ? "true" : undefined,
      profile: profileTab ? "true" : undefined,
      insights: figuresPage?.tab,
      insightsUnit: figuresPage?.unitId,
      insightsFrom: figuresPage?.from,
      insightsTo: figuresPage?.to,
      insightsUnitsPage: figuresPage?.unitsPage,
      insightsPage: figuresPage?.page,
      insightsSearch: figuresPage?.search,
      icalFeedsUnit: calendarPanel === "sync" || calendarPanel === "import" ? pageUnitId : undefined,
      icalExportUnit: calendarPanel === "export" ? pageUnitId : undefined,
      taxReport: taxReportPage ? "true" : undefined,
    },
  });

  /** What the shell's call read of the page's unit, while this request has not written since; `undefined` when it read nothing of it. */
  function readWithShell<T>(id: string, read: T | null | undefined): T | undefined {
    if (id !== pageUnitId || read === undefined || writes > 0) return undefined;
    if (read === null) throw new Response(null, { status: 404 });
    return read;
  }
  const unit = async (id: string) => readWithShell(id, pageUnit) ?? orNotFound(call(hostApi.units.get, { params: { id } }));
  const unitPhotos = async (id: string) => readWithShell(id, pageUnitPhotos) ?? (await orNotFound(call(hostApi.photos.list, { params: { id } }))).items;

  const propertyList = async (page: number) =>
    page === propertyListPage && pagePropertyList && writes === 0 ? pagePropertyList : call(hostApi.properties.listItems, { query: { page } });

  /** Whether the shell's call read the days `range` asks for (and nothing was written since). */
  const readDays = (range: { from: string; to: string }, read: { dateFrom: string; dateTo: string } | null | undefined) =>
    read !== undefined && writes === 0 && calendarRange !== undefined && calendarRange.from <= range.from && range.to <= calendarRange.to;
  const priceList = async (unitId: string, range: { from: string; to: string }) => {
    if (unitId === pageUnitId && readDays(range, pagePriceList)) {
      if (pagePriceList === null) throw new Response(null, { status: 404 });
      return pagePriceList!;
    }
    return orNotFound(call(hostApi.pricing.priceList, { params: { id: unitId }, query: { dateFrom: range.from, dateTo: range.to } }));
  };
  const priceConfiguration = (unitId: string) => readWithShell(unitId, pagePriceConfiguration);
  const promotions = (unitId: string) => readWithShell(unitId, pagePromotions);
  const unitsCalendar = async (range: { from: string; to: string }, page: number) =>
    pageUnitsCalendar && page === unitsCalendarPage?.page && readDays(range, pageUnitsCalendar)
      ? pageUnitsCalendar
      : (await call(hostApi.shell.get, { query: { unitsCalendarPage: page, unitsCalendarCells: "true", calendarFrom: range.from, calendarTo: range.to } })).unitsCalendarCells!;

  /** Whether the shell's call read the page of a list `query` asks for, sent as `sent` (and nothing was written since). */
  const readList = (query: object, sent: string | undefined) => writes === 0 && queryText(query) === sent;
  const bookingsList = async (query: BookingListQueryInput) => (pageBookings && readList(query, stayListText) ? pageBookings : call(hostApi.bookings.list, { query }));
  const requestsList = async (query: RequestListQueryInput) => (pageRequests && readList(query, stayListText) ? pageRequests : call(hostApi.bookingRequests.list, { query }));
  const inquiriesList = async (query: InquiryListQueryInput) => (pageInquiries && readList(query, stayListText) ? pageInquiries : call(hostApi.inquiries.list, { query }));
  const allTabList = async (query: AllTabQueryInput) => (pageAllTab && readList(query, stayListText) ? pageAllTab : call(hostApi.bookingList.all, { query }));
  const bookingTabCounts = async () => (pageTabCounts && writes === 0 ? pageTabCounts : call(hostApi.bookingList.tabCounts));

  const inbox = async (query: ConversationListQueryInput) => (pageInbox && readList(query, inboxText) ? pageInbox : call(hostApi.messaging.conversations, { query }));

  const subscriptionPage = (unitId: string) => (unitId === pageUnitId && writes === 0 ? (pageSubscription ?? null) : null);

  const billing = () => (writes === 0 ? (pageBilling ?? null) : null);

  const profile = async () => (pageProfile && writes === 0 ? pageProfile : call(hostApi.account.profile));

  const pageFigures = { performance: pagePerformance, earnings: pageEarnings, occupancy: pageOccupancy };
  const insightsFigures = async <T extends FigureTab>(tab: T, query: InsightsFiguresQuery): Promise<InsightsFigures[T]> => {
    const samePage = figuresPage && writes === 0 && figuresPage.tab === tab && figuresPage.unitId === query.unitId && figuresPage.from === query.from && figuresPage.to === query.to && figuresPage.unitsPage === query.unitsPage;
    const read = samePage ? (pageFigures[tab] as InsightsFigures[T] | null | undefined) : undefined;
    if (read === null) throw new Response(null, { status: 404 });
    if (read) return read;
    const endpoint = hostApi.insights[tab] as typeof hostApi.insights.performance;
    return (await orNotFound(call(endpoint, { query }))) as unknown as InsightsFigures[T];
  };

  const calendarUnits = async (): Promise<CalendarUnit[]> =>
    pageCalendarUnits && writes === 0
      ? pageCalendarUnits
      : (await propertyList(1)).items.flatMap((p) => p.units.map((u) => ({ id: u.id, propertyId: p.id, title: u.title || p.title, propertyTitle: p.propertyType === "multi" ? p.title : null })));
  const icalFeeds = async (unitId: string) => readWithShell(unitId, pageIcalFeeds) ?? (await orNotFound(call(hostApi.ical.feeds, { params: { id: unitId } }))).items;
  // No address read: none made yet (the endpoint makes it), or another host's unit (the endpoint's 404).
  const icalExport = async (unitId: string) => (unitId === pageUnitId && writes === 0 ? pageIcalExport : undefined) ?? orNotFound(call(hostApi.ical.export, { params: { id: unitId } }));

  const insightsReviews = async (query: InsightsReviewsQuery) => {
    const samePage = figuresPage?.tab === "reviews" && writes === 0 && figuresPage.unitId === query.unitId && figuresPage.unitsPage === query.unitsPage && figuresPage.page === query.page && figuresPage.search === query.search;
    if (samePage && pageReviews === null) throw new Response(null, { status: 404 });
    if (samePage && pageReviews) return pageReviews;
    return orNotFound(call(hostApi.insights.reviews, { query }));
  };

  const taxReport = async () => (pageTaxReport && writes === 0 ? pageTaxReport : call(hostApi.reports.dac7Availability));

  context.set(authContext, { session, user, shell, api, call, callWithHeaders, stream, unit, unitPhotos, propertyList, priceList, priceConfiguration, promotions, unitsCalendar, bookingsList, requestsList, inquiriesList, allTabList, bookingTabCounts, inbox, subscriptionPage, billing, profile, insightsFigures, insightsReviews, calendarUnits, icalFeeds, icalExport, taxReport });
  const response = await next();
  // The session's last write of this request (a refreshed token, a flash message taken, a page's
  // own change) is what the browser must present next: with it, the next page is answered from
  // this isolate's memory instead of KV (decision 003's addendum).
  const cookie = cookieWritten(session);
  return cookie ? withSessionCookie(response, cookie) : response;
};

/** Ends the session: stops an impersonation, revokes the refresh token, forgets the session. */
export async function signOut(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = context.get(appContext);
  const storage = sessionStorage(env);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const token = session.get("accessToken");
  if (token && session.get("impersonating")) {
    await callerWithToken(transportFor(context, request), token)(hostApi.staff.stopImpersonation).catch(() => undefined);
  }
  const refreshToken = session.get("refreshToken");
  if (refreshToken) await strategy(context, request).revokeToken(refreshToken);
  return redirect(href("/"), { headers: { "Set-Cookie": await storage.destroySession(session) } });
}

export async function hasSession(request: Request, context: Readonly<RouterContextProvider>) {
  const session = await sessionStorage(context.get(appContext).env).getSession(request.headers.get("Cookie"));
  return Boolean(session.get("accessToken"));
}
