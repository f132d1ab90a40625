import { describe, expect, it } from "vitest";
import { passOn } from "./pass-on.server";

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
