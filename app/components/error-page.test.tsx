// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Locale } from "@domain/locales";
import en from "@locales/en_US/common.json";
import de from "@locales/de_DE/common.json";
import { createTranslator, TranslationsProvider, type Namespace } from "~/lib/i18n";
import { ErrorPage } from "./error-page";

function renderAt(element: React.ReactElement, locale: Locale = "en_US", resources: Namespace = en) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/calendar?month=2027-01"] });
  render(
    <TranslationsProvider translator={createTranslator(locale, { common: resources })}>
      <RouterProvider router={router} />
    </TranslationsProvider>,
  );
}

afterEach(cleanup);

describe("ErrorPage", () => {
  it("404: says not found and offers the given way back", () => {
    renderAt(<ErrorPage status={404} homeHref="/home" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page not found");
    expect(screen.getByRole("link", { name: "Go to the start page" }).getAttribute("href")).toBe("/home");
  });

  it("503: the failed-to-load page reloads the same address", () => {
    renderAt(<ErrorPage status={503} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(en.pages.errorFailedToLoad.title);
    expect(screen.getByRole("link", { name: "Reload" }).getAttribute("href")).toBe("/calendar?month=2027-01");
  });

  it("500: offers Reload, and Upcoming bookings only to hosts who have bookings", () => {
    renderAt(<ErrorPage status={500} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(en.pages.serverError.title);
    expect(screen.getByRole("link", { name: "Reload" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Upcoming bookings" })).toBeNull();
    cleanup();
    renderAt(<ErrorPage status={500} bookingsAvailable />);
    expect(screen.getByRole("link", { name: "Upcoming bookings" }).getAttribute("href")).toBe("/bookings/upcoming");
  });

  it("is translated", () => {
    renderAt(<ErrorPage status={404} />, "de_DE", de);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(de.pages.notFound.title);
  });
});
