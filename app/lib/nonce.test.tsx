// @vitest-environment happy-dom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NonceProvider, useNonce } from "./nonce";

/** What the root layout does with the nonce: inline scripts carry it. */
function Page() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "window.__ready = true;" }} />;
}

/** Browsers keep a parsed nonce in the element's `nonce` property and blank the attribute (nonce hiding). */
function hideNonces(container: HTMLElement) {
  for (const script of container.querySelectorAll("script[nonce]")) {
    Object.defineProperty(script, "nonce", { value: script.getAttribute("nonce"), configurable: true });
    script.setAttribute("nonce", "");
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("the CSP nonce", () => {
  it("hydrates without a mismatch although the browser hides it", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <NonceProvider value="r4nd0m">
        <Page />
      </NonceProvider>,
    );
    document.body.appendChild(container);
    hideNonces(container);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: (error) => console.error(error) });
    });
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    expect(container.querySelector("script")?.nonce).toBe("r4nd0m");
  });
});
