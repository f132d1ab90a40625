import { describe, expect, it } from "vitest";
import { ignoreSupersededNavigations, isSupersededNavigation } from "./superseded-navigation";

describe("superseded navigations", () => {
  it("are the AbortErrors of an aborted signal, nothing else", () => {
    const controller = new AbortController();
    controller.abort();
    expect(isSupersededNavigation(controller.signal.reason)).toBe(true);
    expect(isSupersededNavigation(new DOMException("stopped", "AbortError"))).toBe(true);
    expect(isSupersededNavigation(new DOMException("gone", "NotFoundError"))).toBe(false);
    expect(isSupersededNavigation(new Error("AbortError"))).toBe(false);
    expect(isSupersededNavigation(new TypeError("Failed to fetch"))).toBe(false);
    expect(isSupersededNavigation(undefined)).toBe(false);
  });

  it("are kept from the browser's uncaught errors; other rejections are not", () => {
    const target = new EventTarget();
    ignoreSupersededNavigations(target as unknown as Window);
    const rejection = (reason: unknown) => {
      const event = new Event("unhandledrejection", { cancelable: true }) as Event & { reason: unknown };
      event.reason = reason;
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(rejection(new DOMException("signal is aborted without reason", "AbortError"))).toBe(true);
    expect(rejection(new Error("boom"))).toBe(false);
  });
});
