import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { opensAsPage, passOn, passOnFile, refusedFile } from "./pass-on.server";

/** What passOn threw: React Router's data(null, { status }). */
async function refusal(answer: Promise<Response>) {
  try {
    await answer;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
  throw new Error("passed on a refusal");
}

describe("passOn", () => {
  it("passes the body on with the kept headers of the answer and the route's own over them", async () => {
    const answer = new Response("a;b\n", { headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="r.csv"', "x-internal": "1", "cache-control": "no-cache" } });
    const passed = await passOn(answer, { keep: ["content-type", "content-disposition", "cache-control"], set: { "cache-control": "private, no-store" } });
    expect(Object.fromEntries(passed.headers)).toEqual({ "content-type": "text/csv", "content-disposition": 'attachment; filename="r.csv"', "cache-control": "private, no-store" });
    expect(await passed.text()).toBe("a;b\n");
  });

  it("names a file without a type as bytes", async () => {
    const passed = await passOn(new Response(new Uint8Array([1, 2])));
    expect(passed.headers.get("content-type")).toBe("application/octet-stream");
  });

  it("answers 404 for the statuses that mean not found, else 502, and drops the body unread", async () => {
    expect(await refusal(passOn(new Response("gone", { status: 404 })))).toBe(404);
    expect(await refusal(passOn(new Response("bad year", { status: 400 }), { notFound: [400, 404] }))).toBe(404);
    expect(await refusal(passOn(new Response("bad year", { status: 400 })))).toBe(502);
    const failed = new Response("boom", { status: 500 });
    expect(await refusal(passOn(failed))).toBe(502);
    expect(failed.bodyUsed || failed.body?.locked).toBeTruthy();
  });
});

/** A browser opening an address as a page. */
const page = { accept: "text/html,application/xhtml+xml,*/*;q=0.8", "sec-fetch-dest": "document" };

/** passOnFile over one API answer, for a request with these headers. */
function run(answer: Response, headers: Record<string, string>) {
  const context = new RouterContextProvider();
  const next = vi.fn<() => Promise<Response>>(async () => new Response("the page", { status: 404 }));
  const middleware = passOnFile(async () => answer, { keep: ["content-type", "content-disposition"], notFound: [400, 404] });
  return { context, next, response: middleware({ request: new Request("https://stayhost.test/insights/tax-report/2025", { headers }), context }, next) };
}

describe("passOnFile", () => {
  it("answers the file before any loader: the next middleware (the page's sign-in and shell) is not run", async () => {
    const { next, response } = run(new Response("a,b\r\n", { headers: { "content-type": "text/csv", "content-disposition": "attachment" } }), page);
    const file = await response;
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe("attachment");
    expect(await file.text()).toBe("a,b\r\n");
    expect(next).not.toHaveBeenCalled();
  });

  it("leads a browser opening the address of a refused file to the page, which learns the refusal's status", async () => {
    const notFound = run(new Response("no such year", { status: 400 }), page);
    expect(await (await notFound.response).text()).toBe("the page");
    expect(notFound.next).toHaveBeenCalledOnce();
    expect(refusedFile(notFound.context)).toBe(404);
    const failed = run(new Response("boom", { status: 500 }), { accept: "text/html" });
    await failed.response;
    expect(refusedFile(failed.context)).toBe(502);
  });

  it("answers an image's or a script's request for a refused file with the bare status", async () => {
    for (const headers of <Record<string, string>[]>[{ accept: "image/avif,image/webp,*/*", "sec-fetch-dest": "image" }, { accept: "*/*" }, { accept: "text/html", "sec-fetch-dest": "empty" }]) {
      const { next, response } = run(new Response(null, { status: 404 }), headers);
      const answer = await response;
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe("");
      expect(next).not.toHaveBeenCalled();
    }
  });
});

describe("opensAsPage", () => {
  it("is a navigation: the fetch destination where the browser names it, else an Accept naming HTML", () => {
    expect(opensAsPage(new Request("https://x.test/", { headers: { "sec-fetch-dest": "document", accept: "*/*" } }))).toBe(true);
    expect(opensAsPage(new Request("https://x.test/", { headers: { "sec-fetch-dest": "image", accept: "text/html" } }))).toBe(false);
    expect(opensAsPage(new Request("https://x.test/", { headers: { accept: "text/html" } }))).toBe(true);
    expect(opensAsPage(new Request("https://x.test/"))).toBe(false);
  });
});
