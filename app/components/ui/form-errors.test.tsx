// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import de from "@locales/de_DE/common.json";
import en from "@locales/en_US/common.json";
import { createTranslator, TranslationsProvider, type Namespace } from "~/lib/i18n";
import { FieldErrors, inputOf } from "./form-errors";
import { useFormFields } from "./form-fields";

afterEach(cleanup);

const loaded = { nightlyPrice: "100", taxes: [{ amount: "2.50" }, { amount: "" }] };

describe("useFormFields", () => {
  it("shows what the loader read, with conform's names for rows of fields", () => {
    const { result } = renderHook(() => useFormFields("taxes", undefined, loaded));
    expect(inputOf(result.current.field("nightlyPrice"))).toEqual({ name: "nightlyPrice", defaultValue: "100", errors: undefined });
    const rows = result.current.rows("taxes");
    expect(rows.map((row) => row.field("amount"))).toEqual([
      { name: "taxes[0].amount", initialValue: "2.50", errors: undefined },
      { name: "taxes[1].amount", initialValue: "", errors: undefined },
    ]);
    expect(result.current.form).toMatchObject({ id: "taxes", noValidate: true, "aria-describedby": undefined });
  });

  it("shows what the host sent with the action's errors, and drops a field's errors once the host edits it", () => {
    const answer = {
      initialValue: { nightlyPrice: "5", taxes: [{ amount: "x" }] },
      error: { "": ["stale_version"], nightlyPrice: ["price_range"], "taxes[0].amount": ["amount_invalid"] },
    };
    const { result } = renderHook(() => useFormFields("rates", answer, loaded));
    expect(result.current.field("nightlyPrice")).toEqual({ name: "nightlyPrice", initialValue: "5", errors: ["price_range"] });
    expect(result.current.rows("taxes")[0]!.field("amount").errors).toEqual(["amount_invalid"]);
    expect(result.current.errors).toEqual(["stale_version"]);
    expect(result.current.form["aria-describedby"]).toBe("rates-errors");

    const { container } = render(
      <form onInput={(event) => act(() => result.current.form.onInput(event))}>
        <input name="taxes[0].amount" />
      </form>,
    );
    fireEvent.input(container.querySelector("input")!, { target: { value: "3" } });
    expect(result.current.rows("taxes")[0]!.field("amount").errors).toBeUndefined();
    expect(result.current.field("nightlyPrice").errors).toEqual(["price_range"]);
  });
});

/** A field's errors as a page in `locale` shows them. */
const showErrors = (locale: "en_US" | "de_DE", common: Namespace, errors: string[]) =>
  render(
    <TranslationsProvider translator={createTranslator(locale, { common })}>
      <RouterProvider router={createMemoryRouter([{ path: "*", element: <FieldErrors id="monthly-errors" errors={errors} /> }])} />
    </TranslationsProvider>,
  );

describe("FieldErrors", () => {

  it("says each code in the page's language, with the values its message names", () => {
    showErrors("en_US", en, ["percent_range", "discount_below_weekly?percent=15&nights=7", "discount_same_nights_custom?percent=12&count=3", "Sent as it is."]);
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Enter a percentage from 1 to 99.",
      "Less than the weekly discount of 15%: a longer stay must not get a smaller discount.",
      "The discount of 12% already starts at 3 nights, and two discounts cannot start at the same number of nights.",
      "Sent as it is.",
    ]);
    cleanup();
    showErrors("de_DE", de, ["discount_below_custom?percent=12&count=3"]);
    expect(screen.getByRole("listitem").textContent).toBe("Weniger als der Rabatt von 12\u00a0% ab 3 Nächten: Ein längerer Aufenthalt darf keinen kleineren Rabatt erhalten.");
  });
});
