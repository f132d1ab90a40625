import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE } from "@api/test/helpers";

const get = async (path: string) => {
  const response = await SELF.fetch(`${BASE}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("public endpoints", () => {
  it("GET /api/public/settings lists the ten locales and the default", async () => {
    const { body } = await get("/api/public/settings");
    expect(body).toMatchObject({ defaultLocale: "en_US", languageParam: "hl", defaultCurrency: "EUR" });
    expect(body.locales).toHaveLength(10);
  });

  it("GET /api/public/app-settings gives currency, measurement units and the help center", async () => {
    const { body } = await get("/api/public/app-settings?hl=fr_FR");
    expect(body).toEqual({
      locale: "fr_FR",
      defaultCurrency: "EUR",
      measurementUnits: ["metric", "imperial"],
      helpCenterUrls: { helpCenter: expect.stringMatching(/^https:\/\//) },
    });
  });

  it("GET /api/public/ui-translations answers the asked locale, and en_US for an unknown one", async () => {
    const german = await get("/api/public/ui-translations?hl=de_DE");
    expect(german.body.locale).toBe("de_DE");
    expect((german.body.translations as { common: { nav: { calendar: string } } }).common.nav.calendar).toBe("Kalender");
    const unknown = await get("/api/public/ui-translations?hl=xx_YY");
    expect(unknown.body.locale).toBe("en_US");
  });

  it("GET /api/public/cookie-consent-settings describes the functional cookies in the asked language", async () => {
    const { body } = await get("/api/public/cookie-consent-settings?hl=it_IT");
    const [functional] = body.categories as { id: string; required: boolean; title: string; cookies: { id: string }[] }[];
    expect(functional).toMatchObject({ id: "functional", required: true });
    expect(functional!.title).not.toBe("Functional cookies");
    expect(functional!.cookies.map((c) => c.id)).toEqual(["consent", "guestToken", "language", "bannerCounters"]);
  });

  it("GET /config/{host}.json picks the brand by host, and the default otherwise", async () => {
    expect((await get("/config/alpina.localhost:5173.json")).body).toMatchObject({ brand: "alpina", stylesheet: "/themes/alpina.css" });
    expect((await get("/config/localhost.json")).body).toMatchObject({ brand: "default", stylesheet: null });
    expect((await get("/config/..%2Fetc.json")).status).toBe(404);
  });
});
