/**
 * VAT identification numbers and the EU member states, for the billing details DAC7 reports. Pure
 * functions, no I/O. A VAT number is checked by its shape only (the country prefix and the length and
 * characters that country uses); whether it is registered is the tax authority's answer, not ours.
 */

/** The EU member states by ISO 3166 code, as DAC7 names the states of a permanent establishment. */
export const EU_MEMBER_STATES = [
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IT", "LT", "LU", "LV", "MT",
  "NL", "PL", "PT", "RO", "SE", "SI", "SK",
] as const;
export type EuMemberState = (typeof EU_MEMBER_STATES)[number];

export function isEuMemberState(code: string): code is EuMemberState {
  return (EU_MEMBER_STATES as readonly string[]).includes(code);
}

/**
 * The shape of the number after its prefix, per prefix (the EU's VIES formats; Greece writes EL,
 * Northern Ireland XI; Switzerland, Norway and the United Kingdom beside them).
 */
export const VAT_SHAPES: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  GB: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  CH: /^E\d{9}(MWST|TVA|IVA)?$/,
  NO: /^\d{9}(MVA)?$/,
};

/** Why a VAT number is refused; `null` from `vatProblem` means its shape is right. */
export type VatProblem = "vat_prefix" | "vat_invalid";

/** Upper case without spaces, dots, dashes or slashes: the form VAT numbers are checked and stored in. */
export function normalizeVat(value: string): string {
  return value.replace(/[\s.\-/]+/g, "").toUpperCase();
}

/** The country a VAT number's prefix names (Greece's EL is GR, Northern Ireland's XI is GB). */
export function vatCountry(value: string): string {
  const prefix = normalizeVat(value).slice(0, 2);
  return prefix === "EL" ? "GR" : prefix === "XI" ? "GB" : prefix;
}

/**
 * Checks a VAT number (normalised first): two letters of a country first; for the prefixes of
 * VAT_SHAPES the rest must have that country's shape, for others 2 to 13 letters or digits.
 */
export function vatProblem(value: string): VatProblem | null {
  const vat = normalizeVat(value);
  const prefix = vat.slice(0, 2);
  if (!/^[A-Z]{2}$/.test(prefix)) return "vat_prefix";
  const rest = vat.slice(2);
  const shape = VAT_SHAPES[prefix] ?? /^[A-Z0-9]{2,13}$/;
  return shape.test(rest) ? null : "vat_invalid";
}
