import { describe, expect, it } from "vitest";
import { HOST_LANGUAGES } from "@domain/account-settings";
import { anyText, filledRows, formFieldName, hostLanguagesIn } from "./account.server";

describe("account forms", () => {
  it("names an API field as the form does", () => {
    expect(formFieldName("taxIdentifications.0.countryIsoCode")).toBe("taxIdentifications[0].countryIsoCode");
    expect(formFieldName("euMemberStates.2")).toBe("euMemberStates[2]");
    expect(formFieldName("address.postalCode")).toBe("address.postalCode");
    expect(formFieldName("accounts.1.iban")).toBe("accounts[1].iban");
  });

  it("leaves blank rows out and names an error by the row the host sees", () => {
    const rows = [{ id: "", countryIsoCode: "" }, { id: "A1", countryIsoCode: "DE" }, { id: " ", countryIsoCode: "" }, { id: "B2", countryIsoCode: "FR" }];
    const filled = filledRows("taxIdentifications", rows, anyText);
    expect(filled.rows).toEqual([rows[1], rows[3]]);
    expect(filled.mapField("taxIdentifications.1.countryIsoCode")).toBe("taxIdentifications.3.countryIsoCode");
    expect(filled.mapField("taxIdentifications.0.id")).toBe("taxIdentifications.1.id");
    expect(filled.mapField("taxIdentifications")).toBe("taxIdentifications");
    expect(filled.mapField("vatId")).toBe("vatId");
    expect(filledRows("list", undefined, anyText).rows).toEqual([]);
  });
});

describe("hostLanguagesIn", () => {
  it("names every language a host may speak in the page's language, sorted by name, once per language", () => {
    const german = hostLanguagesIn("de-DE");
    expect(german.map((option) => option.value).toSorted()).toEqual([...HOST_LANGUAGES].toSorted());
    expect(german.find((option) => option.value === "fr")?.label).toBe("Französisch");
    expect(german.map((option) => option.label)).toEqual(german.map((option) => option.label).toSorted((a, b) => a.localeCompare(b)));
    expect(hostLanguagesIn("de-DE")).toBe(german);
    expect(hostLanguagesIn("en-US").find((option) => option.value === "fr")?.label).toBe("French");
  });
});
