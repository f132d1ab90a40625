import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { appContext } from "~/lib/context";
import { refusedFile } from "~/lib/pass-on.server";
import { sessionStorage } from "~/lib/session.server";
import { middleware } from "./verification-document";
import { memoryKv } from "~/lib/testing/memory-kv";

/** The route's first middleware (the document, passOnFile), as React Router calls it. */
const passOnDocument = middleware[0]!;
const DOCUMENT = "/staff/verifications/usr_host/documents/doc_1";

let env: Env;
/** What the host API was asked: path and the host the request acted for. */
let asked: { path: string; actingFor: string | null }[];

/** A context whose host API answers the document with `status` (404: not staff, or no such document). */
function contextAnswering(status: number) {
  const context = new RouterContextProvider();
  const hostFetch = async (request: Request) => {
    asked.push({ path: new URL(request.url).pathname, actingFor: request.headers.get("x-impersonate-user") });
    if (status !== 200) return Response.json({ message: "Not found" }, { status });
    return new Response("%PDF-1.7", { headers: { "content-type": "application/pdf", "content-disposition": 'inline; filename="statement.pdf"', "x-internal": "1" } });
  };
  context.set(appContext, { env, ctx: {} as ExecutionContext, hostFetch, webClientId: "client-1", nonce: "n" });
  return context;
}

async function cookie(impersonating?: string) {
  const storage = sessionStorage(env);
  const session = await storage.getSession();
  if (impersonating) session.set("impersonating", impersonating);
  session.set("accessToken", "access-1");
  session.set("refreshToken", "refresh-1");
  session.set("accessTokenExpiresAt", Date.now() + 900_000);
  session.set("userId", "usr_staff");
  return (await storage.commitSession(session)).split(";")[0]!;
}

/** The document's address opened with this session; `next` stands for the page (requireAuth and the not-found page). */
async function open(context: RouterContextProvider, sessionCookie: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost:5173${DOCUMENT}`, { headers: { Cookie: sessionCookie, ...headers } });
  let page = false;
  const next = async () => {
    page = true;
    return new Response("not found page", { status: 404 });
  };
  const response = (await passOnDocument({ request, context, params: { userId: "usr_host", documentId: "doc_1" }, pattern: "" } as never, next)) as Response;
  return { response, page };
}

beforeEach(() => {
  env = { SESSION_KV: memoryKv(), SESSION_SECRET: "test-secret", APP_URL: "http://localhost:5173", ENVIRONMENT: "test", HOST_API_URL: "" } as unknown as Env;
  asked = [];
});

describe("a host's verification document for staff", () => {
  it("streams the API's answer to staff with the session's token only (no shell call), never kept nor sniffed", async () => {
    const { response, page } = await open(contextAnswering(200), await cookie());
    expect(asked).toEqual([{ path: "/api/app/staff/hosts/usr_host/documents/doc_1", actingFor: null }]);
    expect(page).toBe(false);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual({
      "content-type": "application/pdf",
      "content-disposition": 'inline; filename="statement.pdf"',
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
    expect(await response.text()).toBe("%PDF-1.7");
  });

  it("is not found for anyone the API refuses it (a host, another host): the bare 404, or the not-found page in a browser", async () => {
    const refused = await open(contextAnswering(404), await cookie());
    expect(refused.response.status).toBe(404);
    expect(refused.page).toBe(false);
    const context = contextAnswering(404);
    const opened = await open(context, await cookie(), { accept: "text/html", "sec-fetch-dest": "document" });
    expect(opened.page).toBe(true);
    expect(refusedFile(context)).toBe(404);
  });

  it("is not found for a staff member acting for a host, whom the API would answer: it is not asked", async () => {
    const { response, page } = await open(contextAnswering(200), await cookie("usr_host"));
    expect(asked).toEqual([]);
    expect(response.status).toBe(404);
    expect(page).toBe(false);
  });
});
