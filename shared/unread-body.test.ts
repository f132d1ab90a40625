import { describe, expect, it } from "vitest";
import { discardUnreadBody } from "./unread-body";

/** A request whose body is `chunks` chunks of `size` bytes, counting how many were pulled and whether it was cancelled. */
function streamingRequest(chunks: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled += 1;
      controller.enqueue(new Uint8Array(size));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const request = new Request("https://stayhost.test/api/app/property-unit/unt_x/order", { method: "PUT", body, duplex: "half" } as RequestInit);
  return { request, seen };
}

describe("discardUnreadBody", () => {
  it("reads an unread body to its end", async () => {
    const { request, seen } = streamingRequest(5, 1024);
    await discardUnreadBody(request);
    expect(seen).toEqual({ pulled: 5, cancelled: false });
  });

  it("cancels a body larger than the limit once the limit is passed", async () => {
    const { request, seen } = streamingRequest(100, 1024);
    await discardUnreadBody(request, 10 * 1024);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(100);
  });

  it("leaves a body that was read alone", async () => {
    const { request, seen } = streamingRequest(3, 16);
    await request.arrayBuffer();
    await expect(discardUnreadBody(request)).resolves.toBeUndefined();
    expect(seen).toEqual({ pulled: 3, cancelled: false });
  });

  it("does nothing for a request without a body", async () => {
    await expect(discardUnreadBody(new Request("https://stayhost.test/api/public/settings"))).resolves.toBeUndefined();
  });
});
