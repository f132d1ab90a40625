import type { GrantProps, Principal } from "@api/context";

const scopes = new WeakMap<object, CallerScope>();

function principalKey(props: GrantProps, actAs: string | undefined) {
  return `${props.userId}:${props.sessionId}:${actAs ?? ""}`;
}

function bearerToken(request: Request): string | null {
  return /^Bearer[\t ]+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? null;
}

/** An access token the OAuth provider accepted in this isolate: its stored record as read then, and the grant it carried. */
interface Accepted {
  key: string;
  /** The KV key of the token's grant (`grant:<userId>:<grantId>`). */
  grantKey: string;
  record: string;
  expiresAt: number;
  props: GrantProps;
}

/**
 * What the shell's call checks in its own D1 batch for a token accepted before (decision 003's
 * addendum): whether the token's record or its grant was revoked. `revoked` stays undefined when the
 * call answered without checking; the token's record in KV decides then.
 */
export interface TokenCheck {
  tokenKey: string;
  grantKey: string;
  revoked?: boolean;
}

const accepted = new Map<string, Accepted>();
const ACCEPTED_KEPT = 1_000;

const expired = (known: Accepted) => known.expiresAt < Math.floor(Date.now() / 1000);

/**
 * Reads that change nothing, asked on every page (the shell's call): for a token accepted before in
 * this isolate, the API checks in its own D1 batch that the token was not revoked (`TokenCheck`)
 * instead of the token's record being read from KV first.
 */
const CHECKED_IN_BATCH = new Set(["/api/app/shell"]);

/**
 * Where @cloudflare/workers-oauth-provider 1.2.3 stores an access token (`<userId>:<grantId>:<secret>`):
 * `token:<userId>:<grantId>:<SHA-256 of the token, hex>`. A token of another form has none.
 */
export async function recordKey(token: string): Promise<string | null> {
  const [userId, grantId, secret, ...rest] = token.split(":");
  if (!userId || !grantId || !secret || rest.length > 0) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return `token:${userId}:${grantId}:${Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** The grant key (`grant:<userId>:<grantId>`) of an access token's record key (`token:<userId>:<grantId>:<hash>`). */
export function grantKeyOf(tokenRecordKey: string): string | null {
  const [kind, userId, grantId, hash, ...rest] = tokenRecordKey.split(":");
  return kind === "token" && userId && grantId && hash && rest.length === 0 ? `grant:${userId}:${grantId}` : null;
}

/**
 * What one web request learns about its caller once and reuses for every in-process call it makes
 * to the host API: the grant behind its access token (validated by the OAuth provider on the first
 * call) and the principal loaded for it. A write forgets the principals, so a later read sees what
 * the write changed. A scope lives as long as its web request; calls from outside have none.
 */
export class CallerScope {
  private readonly grants = new Map<string, GrantProps>();
  private readonly principals = new Map<string, Promise<Principal>>();
  private readonly checks = new WeakMap<object, TokenCheck>();

  /**
   * `tokens` is the OAuth provider's KV: with it, a token the provider accepted in an earlier request
   * of this isolate is checked against its stored record instead of going through the provider again.
   */
  constructor(
    private readonly ctx: ExecutionContext,
    private readonly tokens?: KVNamespace,
  ) {
    scopes.set(ctx, this);
  }

  /** The scope of the web request an API call was made for, if it was made in-process. */
  static of(ctx: object): CallerScope | undefined {
    return scopes.get(ctx);
  }

  /** Called once the OAuth provider has accepted the request's token and put its grant on `ctx.props`. */
  remember(request: Request, props: GrantProps | undefined) {
    const token = bearerToken(request);
    if (token && props) this.grants.set(token, props);
  }

  /**
   * Sends an in-process API call: through the OAuth provider the first time a token is seen, then
   * straight to the API with the grant already validated in this request.
   *
   * Across requests (decision 024): the provider's check of a token is a KV read of the token's
   * record, then key derivation and decryption of the grant, which give the same grant for the same
   * token and record. A token it accepted before in this isolate goes straight to the API while it is
   * not expired and not revoked: revoking the grant or the token takes effect at once, as through
   * the provider. For the shell's call (`CHECKED_IN_BATCH`, every page's first) the API checks that
   * in its own D1 batch against the revocations the provider's KV records (decision 003's addendum);
   * for any other call the token's record is read from KV again and must be there, unchanged.
   */
  async send(
    request: Request,
    viaProvider: (request: Request, ctx: ExecutionContext) => Promise<Response>,
    direct: (request: Request, ctx: ExecutionContext) => Promise<Response>,
  ): Promise<Response> {
    const token = bearerToken(request);
    const { pathname } = new URL(request.url);
    const toApi = token !== null && pathname.startsWith("/api/app/");
    try {
      let grant = toApi ? this.grants.get(token) : undefined;
      const known = toApi && !grant && this.tokens ? accepted.get(token) : undefined;
      if (known && request.method === "GET" && CHECKED_IN_BATCH.has(pathname) && !expired(known)) {
        // Every page's shell call: the API checks the token in its own batch. Its answer is given only
        // once that check (or, when it answered without checking, the token's record) confirms the
        // token; else it is dropped and the call goes through the provider, which refuses a revoked token.
        const check: TokenCheck = { tokenKey: known.key, grantKey: known.grantKey };
        const answer = await direct(request, this.contextWith(known.props, check));
        if (check.revoked === false) {
          this.grants.set(token!, known.props);
          return answer;
        }
        if (check.revoked === undefined && (await this.stillAccepted(token!))) return answer;
        accepted.delete(token!);
        await answer.body?.cancel();
      } else if (toApi && !grant) {
        grant = await this.stillAccepted(token!);
      }
      if (grant) return await direct(request, this.contextWith(grant));
      const response = await viaProvider(request, this.ctx);
      if (toApi) await this.keepAccepted(token);
      return response;
    } finally {
      if (request.method !== "GET" && request.method !== "HEAD") this.principals.clear();
    }
  }

  /** The grant of a token the provider accepted in an earlier request, if its stored record is the same and not expired. */
  private async stillAccepted(token: string): Promise<GrantProps | undefined> {
    const known = this.tokens && accepted.get(token);
    if (!known) return undefined;
    const record = await this.tokens!.get(known.key, "text");
    if (record !== known.record || expired(known)) {
      accepted.delete(token);
      return undefined;
    }
    this.grants.set(token, known.props);
    return known.props;
  }

  /** After the provider accepted a token (its grant is remembered), keeps the token's record and grant for later requests. */
  private async keepAccepted(token: string) {
    const props = this.grants.get(token);
    if (!this.tokens || !props || accepted.has(token)) return;
    const key = await recordKey(token);
    const grantKey = key && grantKeyOf(key);
    const record = grantKey && (await this.tokens.get(key, "text"));
    if (!key || !grantKey || !record) return;
    const expiresAt = (JSON.parse(record) as { expiresAt?: unknown }).expiresAt;
    if (typeof expiresAt !== "number") return;
    // The token seen longest ago goes first once the isolate keeps enough of them.
    if (accepted.size >= ACCEPTED_KEPT) accepted.delete(accepted.keys().next().value!);
    accepted.set(token, { key, grantKey, record, expiresAt, props });
  }

  /** Whether the principal for a grant and an impersonation header is loaded (or loading) in this request. */
  knows(props: GrantProps, actAs: string | undefined): boolean {
    return this.principals.has(principalKey(props, actAs));
  }

  /** The principal for a grant and an impersonation header, loaded once per request. */
  principal(props: GrantProps, actAs: string | undefined, load: () => Promise<Principal>): Promise<Principal> {
    const key = principalKey(props, actAs);
    let principal = this.principals.get(key);
    if (!principal) {
      principal = load();
      this.principals.set(key, principal);
      principal.catch(() => this.principals.delete(key));
    }
    return principal;
  }

  /** The check a direct call must make of its token in its D1 batch, if the scope asked for one. */
  tokenCheck(ctx: object): TokenCheck | undefined {
    return this.checks.get(ctx);
  }

  private contextWith(props: GrantProps, check?: TokenCheck): ExecutionContext {
    const ctx = {
      waitUntil: (promise: Promise<unknown>) => this.ctx.waitUntil(promise),
      passThroughOnException: () => this.ctx.passThroughOnException(),
      props,
    } as unknown as ExecutionContext;
    scopes.set(ctx, this);
    if (check) this.checks.set(ctx, check);
    return ctx;
  }
}
