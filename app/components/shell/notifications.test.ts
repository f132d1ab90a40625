import { describe, expect, it } from "vitest";
import { LOCALES } from "@domain/locales";
import { NOTIFICATION_TYPES } from "@domain/notifications";
import type { CommercialModel } from "@domain/user-flags";
import { resources } from "@locales/resources";
import { createTranslator, type Translations } from "~/lib/i18n";
import { notificationTextKey } from "./notifications";

const MODELS: CommercialModel[] = ["commission", "subscription", "hybrid"];

describe("a notification's text", () => {
  it("has a text for every type and model in every locale", () => {
    for (const locale of LOCALES) {
      const { t } = createTranslator(locale, resources[locale] as Translations);
      for (const type of NOTIFICATION_TYPES) for (const model of MODELS) expect(t(notificationTextKey(type, model), { unit: "Loft" }), `${locale} ${type} ${model}`).not.toMatch(/^notifications\./);
    }
  });

  it("speaks to each model of the ideal guest's match on what its guests send: booking requests, inquiries or both", () => {
    const { t } = createTranslator("en_US", resources.en_US as Translations);
    const text = (model: CommercialModel) => t(notificationTextKey("describeIdealGuest", model));
    expect(text("commission")).toMatch(/each booking request matches/);
    expect(text("subscription")).toMatch(/each inquiry matches/);
    expect(text("subscription")).not.toMatch(/request/);
    expect(text("hybrid")).toMatch(/each booking request and inquiry matches/);
    // The others are one text for every model.
    expect(notificationTextKey("instantBooking", "commission")).toBe(notificationTextKey("instantBooking", "hybrid"));
  });
});
