import type { GrantProps, Principal } from "@api/context";

const scopes = new WeakMap<object, CallerScope>();

function principalKey(props: GrantProps, actAs: string | undefined) {
  return `${props.userId}:${props.sessionId}:${actAs ?? ""}`;
}

function bearerToken(request: Request): string | null {
  return /^Bearer[\t ]+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? null;
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

  constructor(private readonly ctx: ExecutionContext) {
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
   */
  async send(
    request: Request,
    viaProvider: (request: Request, ctx: ExecutionContext) => Promise<Response>,
    direct: (request: Request, ctx: ExecutionContext) => Promise<Response>,
  ): Promise<Response> {
    const token = bearerToken(request);
    const grant = token && new URL(request.url).pathname.startsWith("/api/app/") ? this.grants.get(token) : undefined;
    try {
      return grant ? await direct(request, this.contextWith(grant)) : await viaProvider(request, this.ctx);
    } finally {
      if (request.method !== "GET" && request.method !== "HEAD") this.principals.clear();
    }
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

  private contextWith(props: GrantProps): ExecutionContext {
    const ctx = {
      waitUntil: (promise: Promise<unknown>) => this.ctx.waitUntil(promise),
      passThroughOnException: () => this.ctx.passThroughOnException(),
      props,
    } as unknown as ExecutionContext;
    scopes.set(ctx, this);
    return ctx;
  }
}
