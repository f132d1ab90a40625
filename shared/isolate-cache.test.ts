import { describe, expect, it } from "vitest";
import { isolateCache } from "./isolate-cache";

describe("isolateCache", () => {
  it("loads a key once while it is fresh, also for calls that arrive while it loads", async () => {
    let clock = 0;
    let loads = 0;
    const cache = isolateCache<string>(1000, () => clock);
    const load = async () => `value ${++loads}`;
    const [a, b] = await Promise.all([cache("en_GB", load), cache("en_GB", load)]);
    clock = 999;
    expect([a, b, await cache("en_GB", load)]).toEqual(["value 1", "value 1", "value 1"]);
    expect(await cache("de_DE", load)).toBe("value 2");
    clock = 1000;
    expect(await cache("en_GB", load)).toBe("value 3");
  });

  it("hands a load it starts, and only that, to be kept alive", async () => {
    const kept: Promise<unknown>[] = [];
    const cache = isolateCache<string>(1000, () => 0);
    await cache("en_GB", async () => "value", { waitUntil: (pending) => kept.push(pending) });
    await cache("en_GB", async () => "other", { waitUntil: (pending) => kept.push(pending) });
    expect(kept).toHaveLength(1);
    await expect(kept[0]).resolves.toBeUndefined();
  });

  it("keeps at most maxKeys keys, forgetting the one loaded longest ago", async () => {
    let loads = 0;
    const cache = isolateCache<string>(1000, () => 0, 2);
    const load = async () => `value ${++loads}`;
    await cache("a", load);
    await cache("b", load);
    await cache("c", load);
    expect(await cache("b", load)).toBe("value 2");
    expect(await cache("c", load)).toBe("value 3");
    expect(await cache("a", load)).toBe("value 4");
    expect(await cache("c", load)).toBe("value 3");
    expect(await cache("b", load)).toBe("value 5");
  });

  it("does not keep a failed load", async () => {
    const cache = isolateCache<string>(1000, () => 0);
    await expect(cache("en_GB", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache("en_GB", async () => "back")).toBe("back");
  });
});
