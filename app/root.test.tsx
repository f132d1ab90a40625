// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, data, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bootMessages } from "./lib/boot-messages.server";
import { ErrorBoundary } from "./root";

// The route table of the server build is not part of a unit test; the boundary does not use it.
vi.mock("./lib/route-translations.server", () => ({ routeNamespaces: () => Promise.resolve({ namespaces: [], formErrors: true }) }));

afterEach(cleanup);

/** The root's loader failed: no translations, no brand; the app says it could not start. */
function renderFailedStart(failure: unknown) {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  const router = createMemoryRouter([{ id: "root", path: "/", loader: () => Promise.reject(failure), ErrorBoundary, HydrateFallback: () => null, element: null }]);
  render(<RouterProvider router={router} />);
}

describe("root error boundary without the root's data", () => {
  it("says the app could not start in the words the server sent for the request's language", async () => {
    renderFailedStart(data({ bootMessages: bootMessages("de_CH") }, { status: 503 }));
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Unerwarteter Fehler");
    expect(screen.getByText("Die App konnte nicht gestartet werden.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Neu laden" }).getAttribute("href")).toBe("/");
  });

  it("says it in English when the failure came before the loader could send words", async () => {
    renderFailedStart(new Error("a middleware failed"));
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Unexpected error");
    expect(screen.getByRole("link", { name: "Reload" })).toBeTruthy();
  });
});

describe("bootMessages", () => {
  it("has words for every language of the product and English for others", () => {
    expect(bootMessages("pt_PT").reload).toBe("Recarregar");
    expect(bootMessages("hr_HR").title).toBe("Neočekivana pogreška");
    expect(bootMessages("ja_JP")).toEqual(bootMessages("en_US"));
  });
});
