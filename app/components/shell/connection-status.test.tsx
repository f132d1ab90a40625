// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "@locales/en_US/common.json";
import { createTranslator, TranslationsProvider } from "~/lib/i18n";
import { ConnectionStatus, RELOAD_AFTER_MS } from "./connection-status";

function renderStatus() {
  render(
    <TranslationsProvider translator={createTranslator("en_US", { common: en })}>
      <ConnectionStatus />
    </TranslationsProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("ConnectionStatus", () => {
  it("announces going offline and coming back", () => {
    renderStatus();
    expect(screen.getByRole("status").textContent).toBe("");
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(screen.getByRole("status").textContent).toBe(en.network.offline);
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event("online")));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("reloads a tab that becomes visible more than 12 hours after it loaded, not before", () => {
    expect(RELOAD_AFTER_MS).toBe(43_200_000);
    vi.useFakeTimers({ now: new Date("2026-11-22T08:00:00Z") });
    const reload = vi.fn<() => void>();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload } as Location);
    renderStatus();
    vi.setSystemTime(new Date("2026-11-22T19:59:00Z"));
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(reload).not.toHaveBeenCalled();
    vi.setSystemTime(new Date("2026-11-22T20:00:01Z"));
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(reload).toHaveBeenCalledOnce();
  });
});
