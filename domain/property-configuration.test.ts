import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  ACCOMMODATION_TYPES,
  AMENITIES,
  AMENITY_GROUPS,
  BED_TYPES,
  BOOKING_TYPES,
  CANCELLATION_POLICIES,
  COUNTRIES,
  COUNTRY_CENTRES,
  countryByCode,
  DEFAULT_BOOKING_TYPE,
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_MAX_PHOTO_DIMENSION,
  EXPECTED_UNIT_COUNTS,
  HOUSE_RULES,
  isValidPostalCode,
  LISTING_TYPES,
  PAYMENT_PREFERENCES,
  PHOTO_CONSTRAINTS,
  propertiesConfiguration,
  requiresNationalIdentificationCode,
  isValidNationalIdentificationCode,
  normaliseNationalIdentificationCode,
  requiresRegistrationNumber,
  ROOM_TYPES,
  SERVICES,
  SLEEPING_ROOM_TYPES,
  stateCode,
  toImperialArea,
  toMetricArea,
  TOP_AMENITIES,
  type Country,
} from "./property-configuration";

const countries = COUNTRIES as readonly Country[];

function expectUnique(ids: readonly string[]): void {
  expect(new Set(ids).size).toBe(ids.length);
}

/** A `t` that answers the key itself and remembers every key it was asked for. */
function recordingT(): { t: (key: string) => string; keys: Set<string> } {
  const keys = new Set<string>();
  return {
    keys,
    t: (key) => {
      keys.add(key);
      return `label(${key})`;
    },
  };
}

describe("ids", () => {
  it.each([
    ["accommodation types", ACCOMMODATION_TYPES],
    ["booking types", BOOKING_TYPES],
    ["house rules", HOUSE_RULES],
    ["cancellation policies", CANCELLATION_POLICIES.map((p) => p.id)],
    ["expected unit counts", EXPECTED_UNIT_COUNTS],
    ["listing types", LISTING_TYPES],
    ["room types", ROOM_TYPES],
    ["bed types", BED_TYPES],
    ["amenity groups", AMENITY_GROUPS.map((g) => g.id)],
    ["amenities across all groups", AMENITIES],
    ["top amenities", TOP_AMENITIES],
    ["payment preferences", PAYMENT_PREFERENCES],
    ["services", SERVICES.map((s) => s.id)],
    ["countries", countries.map((c) => c.code)],
  ] as [string, readonly string[]][])("%s are unique", (_, ids) => {
    expect(ids.length).toBeGreaterThan(0);
    expectUnique(ids);
  });

  it("have the defaults among them", () => {
    expect(BOOKING_TYPES).toContain(DEFAULT_BOOKING_TYPE);
    expect(DEFAULT_BOOKING_TYPE).toBe("onLine");
    expect(CANCELLATION_POLICIES.map((p) => p.id)).toContain(DEFAULT_CANCELLATION_POLICY);
    expect(ROOM_TYPES[0]).toBe("bedroom");
    for (const type of SLEEPING_ROOM_TYPES) expect(ROOM_TYPES).toContain(type);
  });
});

describe("amenities", () => {
  it("list the general group first", () => {
    expect(AMENITY_GROUPS[0]?.id).toBe("general");
  });

  it("have 5 to 10 amenities in every group", () => {
    const outside = AMENITY_GROUPS.filter((g) => g.amenities.length < 5 || g.amenities.length > 10).map((g) => g.id);
    expect(outside).toEqual([]);
  });

  it("have 8 top amenities, each from a group", () => {
    expect(TOP_AMENITIES).toHaveLength(8);
    for (const amenity of TOP_AMENITIES) expect(AMENITIES).toContain(amenity);
  });
});

describe("cancellation policies", () => {
  it("refund as the spec says", () => {
    const refunds = Object.fromEntries(CANCELLATION_POLICIES.map((p) => [p.id, p.refunds]));
    expect(refunds).toEqual({
      flexible: [{ daysBefore: 1, percent: 100 }],
      moderate: [
        { daysBefore: 14, percent: 100 },
        { daysBefore: 7, percent: 50 },
      ],
      strict: [{ daysBefore: 30, percent: 50 }],
      non_refundable: [],
    });
  });
});

describe("photo constraints", () => {
  it("accept JPEG, PNG and WebP up to 8000 px and 15 MB", () => {
    expect(PHOTO_CONSTRAINTS.mimeTypes).toEqual(["image/jpeg", "image/png", "image/webp"]);
    expect(PHOTO_CONSTRAINTS.maxWidth).toBe(DEFAULT_MAX_PHOTO_DIMENSION);
    expect(PHOTO_CONSTRAINTS.maxHeight).toBe(8000);
    expect(PHOTO_CONSTRAINTS.maxBytes).toBe(15 * 1024 * 1024);
  });
});

describe("services", () => {
  it("each have at least one known pricing kind", () => {
    expect(SERVICES.filter((s) => (s.pricingKinds as readonly string[]).length === 0).map((s) => s.id)).toEqual([]);
    for (const service of SERVICES) for (const kind of service.pricingKinds) expect(["recurring", "one_time"]).toContain(kind);
    expect(SERVICES.find((s) => s.id === "cleaning")?.pricingKinds).toEqual(["one_time"]);
  });
});

describe("countries", () => {
  it("include the 16 required countries", () => {
    const codes = countries.map((c) => c.code);
    for (const code of ["AT", "BE", "CH", "DE", "DK", "ES", "FR", "GB", "GR", "HR", "IT", "NL", "PT", "SI", "US", "CZ"]) expect(codes).toContain(code);
  });

  it.each(countries.map((c) => [c.code, c] as const))("%s requires street, house number or name and city", (_, country) => {
    for (const field of ["street", "houseNumberOrName", "city"] as const) expect(country.addressForm.required).toContain(field);
    for (const field of country.addressForm.required) expect(country.addressForm.fields).toContain(field);
    expect(country.addressForm.required.includes("postalCode")).toBe(country.addressForm.postalCodePattern !== null);
  });

  it("have regions exactly where the address asks for a state or province, with codes of at most 3 characters", () => {
    for (const country of countries) {
      const hasField = country.addressForm.fields.includes("stateOrProvince");
      expect({ code: country.code, hasRegions: Boolean(country.addressForm.regions?.length) }).toEqual({ code: country.code, hasRegions: hasField });
      const codes = (country.addressForm.regions ?? []).map((r) => r.code);
      expectUnique(codes);
      expect(codes.filter((code) => code.length > 3)).toEqual([]);
    }
    expect(countryByCode("US")?.addressForm.regions).toHaveLength(51);
    expect(countryByCode("CH")?.addressForm.regions).toHaveLength(26);
    expect(countryByCode("IT")?.addressForm.regions).toHaveLength(20);
    expect(countryByCode("ES")?.addressForm.regions?.map((r) => r.code)).toEqual(expect.arrayContaining(["AN", "CT", "IB", "MD", "CN", "VC", "GA"]));
  });

  it("finds a country by code, ignoring case", () => {
    expect(countryByCode("de")?.code).toBe("DE");
    expect(countryByCode("XX")).toBeUndefined();
  });
});

describe("isValidPostalCode", () => {
  it.each([
    ["DE", "10115", "1011"],
    ["GB", "SW1A 1AA", "12345"],
    ["NL", "1012 AB", "0123 AB"],
    ["PT", "1100-148", "1100148"],
    ["US", "94103", "9410"],
  ])("%s accepts %s and rejects %s", (country, good, bad) => {
    expect(isValidPostalCode(country, good)).toBe(true);
    expect(isValidPostalCode(country, bad)).toBe(false);
  });

  it("accepts more real forms", () => {
    expect(isValidPostalCode("GB", "EC1A 1BB")).toBe(true);
    expect(isValidPostalCode("GB", "m1 1ae")).toBe(true);
    expect(isValidPostalCode("GB", "CR26XH")).toBe(true);
    expect(isValidPostalCode("NL", "1012AB")).toBe(true);
    expect(isValidPostalCode("US", "94103-1234")).toBe(true);
    expect(isValidPostalCode("ES", "28013")).toBe(true);
    expect(isValidPostalCode("ES", "60000")).toBe(false);
  });

  it("accepts anything for an unknown country", () => {
    expect(isValidPostalCode("XX", "whatever")).toBe(true);
  });
});

describe("registration", () => {
  it("Italy asks for a national identification code (CIN), not a registration number", () => {
    expect(requiresNationalIdentificationCode("IT")).toBe(true);
    expect(requiresRegistrationNumber("IT", null)).toBe(false);
  });

  it("knows the format of Italy's CIN: IT, province and municipality (ISTAT), classification, a code of up to 8", () => {
    const valid = ["IT009001B4XYZ12345", "IT012345C1ABCDEFGH", "it 058091 c2 a1b2c3d4", "IT015146B4A"];
    expect(valid.filter((code) => !isValidNationalIdentificationCode(code))).toEqual([]);
    const invalid = ["abc", "", "IT", "IT009001B4", "IT09001B4XYZ12345", "IT009001B4XYZ123456", "IT0090014BXYZ1234", "FR009001B4XYZ12345", "IT009001B4XYZ-2345", "IT00A001B4XYZ12345"];
    expect(invalid.filter((code) => isValidNationalIdentificationCode(code))).toEqual([]);
    expect(normaliseNationalIdentificationCode(" it 058091 c2 a1b2c3d4 ")).toBe("IT058091C2A1B2C3D4");
  });

  it("Spain asks for a registration number only in some regions", () => {
    expect(requiresRegistrationNumber("ES", "CT")).toBe(true);
    expect(requiresRegistrationNumber("ES", "ct")).toBe(true);
    expect(requiresRegistrationNumber("ES", "GA")).toBe(false);
    expect(requiresRegistrationNumber("ES", null)).toBe(false);
  });

  it("countries that require a number everywhere", () => {
    const everywhere = ["PT", "GR", "HR", "FR", "NL"];
    expect(everywhere.filter((code) => !requiresRegistrationNumber(code, null))).toEqual([]);
  });

  it("Germany and unknown countries ask for nothing", () => {
    expect(requiresRegistrationNumber("DE", null)).toBe(false);
    expect(requiresNationalIdentificationCode("DE")).toBe(false);
    expect(requiresRegistrationNumber("XX", "CT")).toBe(false);
    expect(requiresNationalIdentificationCode("XX")).toBe(false);
  });
});

describe("stateCode", () => {
  it("upper-cases and cuts to 3 characters", () => {
    expect(stateCode("Catalonia")).toBe("CAT");
    expect(stateCode("ca")).toBe("CA");
    expect(stateCode(" ny ")).toBe("NY");
  });
});

describe("areas", () => {
  it("convert square metres to whole square feet and back to 2 decimals", () => {
    expect(toImperialArea(50)).toBe(538);
    expect(toMetricArea(538)).toBe(49.98);
    expect(toImperialArea(0)).toBe(0);
  });
});

describe("propertiesConfiguration", () => {
  const { t, keys } = recordingT();
  const config = propertiesConfiguration(t);

  it("puts a label next to every id", () => {
    expect(config.property.accommodationTypes.find((o) => o.id === "villa")?.label).toBe("label(configuration:accommodationTypes.villa)");
    expect(config.propertyUnit.amenities[0]?.label).toBe("label(configuration:amenityGroups.general)");
    expect(config.propertyUnit.amenities[0]?.amenities.find((a) => a.id === "wifi")?.label).toBe("label(configuration:amenities.wifi)");
    expect(config.extraCharges.find((s) => s.id === "cleaning")?.label).toBe("label(configuration:services.cleaning)");
    expect(config.countries.find((c) => c.code === "DE")?.label).toBe("label(configuration:countries.DE)");
    expect(keys).toContain("configuration:expectedUnitCounts.2-5");
    expect(keys).toContain("configuration:paymentPreferences.online_100");
  });

  it("lists the general amenity group first and marks the defaults", () => {
    expect(config.propertyUnit.amenities.map((g) => g.id)[0]).toBe("general");
    expect(config.property.bookingTypes.find((b) => b.isDefault)?.id).toBe("onLine");
    expect(config.property.cancellationPolicies.find((p) => p.isDefault)?.id).toBe("moderate");
    expect(config.propertyUnit.rooms.types.find((r) => r.isDefault)?.id).toBe("bedroom");
    expect(config.propertyUnit.topAmenities).toHaveLength(8);
  });

  it("sends the registration rules", () => {
    expect(config.property.countriesWithRegistrationId.sort()).toEqual(["FR", "GR", "HR", "NL", "PT"]);
    expect(config.property.regionsWithRegistrationId).toEqual([{ countryCode: "ES", regionCodes: ["AN", "CT", "IB", "CN", "VC", "MD"] }]);
    expect(config.countries.find((c) => c.code === "IT")?.registration.nationalIdentificationCode).toBe(true);
    expect(config.property.addressForms.find((f) => f.countryCode === "US")?.regions).toHaveLength(51);
  });

  it("sorts countries by their translated label", () => {
    const names: Record<string, string> = { DE: "Allemagne", FR: "France", ES: "Espagne" };
    const sorted = propertiesConfiguration((key) => names[key.split(".")[1] ?? ""] ?? `Z ${key}`, "fr_FR").countries.map((c) => c.code);
    expect(sorted.slice(0, 3)).toEqual(["DE", "ES", "FR"]);
  });
});

/** "group.id" in a nested configuration.json; the first dot separates group from id. */
function lookup(content: unknown, path: string): unknown {
  const dot = path.indexOf(".");
  const group = (content as Record<string, unknown>)[path.slice(0, dot)];
  return group && typeof group === "object" ? (group as Record<string, unknown>)[path.slice(dot + 1)] : undefined;
}

describe("configuration.json", () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "locales");
  const locales = readdirSync(root)
    .filter((name) => statSync(join(root, name)).isDirectory())
    .sort();
  const { t, keys } = recordingT();
  propertiesConfiguration(t);

  it("exists for the ten locales", () => {
    expect(locales).toHaveLength(10);
  });

  it.each(locales)("%s has every key propertiesConfiguration uses", (locale) => {
    const content: unknown = JSON.parse(readFileSync(join(root, locale, "configuration.json"), "utf8"));
    const missing = [...keys]
      .map((key) => key.replace(/^configuration:/, ""))
      .filter((path) => {
        const value = lookup(content, path);
        return typeof value !== "string" || value.trim() === "";
      });
    expect(missing).toEqual([]);
  });
});

describe("COUNTRY_CENTRES", () => {
  it("gives every country a starting point for the map pin, inside the world", () => {
    for (const country of COUNTRIES) {
      const centre = COUNTRY_CENTRES[country.code];
      expect(centre).toBeDefined();
      expect(Math.abs(centre![0])).toBeLessThanOrEqual(90);
      expect(Math.abs(centre![1])).toBeLessThanOrEqual(180);
    }
  });
});
