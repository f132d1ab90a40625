/**
 * Bank account numbers for payouts: IBAN (ISO 13616) and BIC (ISO 9362) checks and the masked form
 * the API shows. Pure functions, no I/O.
 */

/** IBAN length per country, from the SWIFT IBAN registry. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24,
  SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** Why an IBAN is refused; `null` from `ibanProblem` means it is valid. */
export type IbanProblem = "format" | "country" | "length" | "checksum";

/** Without spaces or dashes, upper-cased: the form IBANs are checked and stored in. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, "").toUpperCase();
}

/** The ISO 7064 MOD 97-10 remainder of the IBAN with its first four characters moved to the end. */
export function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    // Digits stay as they are; letters become 10 (A) to 35 (Z), i.e. two digits.
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/** Checks an IBAN (normalised first): characters, known country, that country's length, mod-97. */
export function ibanProblem(value: string): IbanProblem | null {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return "format";
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return "country";
  if (iban.length !== length) return "length";
  return ibanRemainder(iban) === 1 ? null : "checksum";
}

export function isValidIban(value: string): boolean {
  return ibanProblem(value) === null;
}

/** The country an IBAN belongs to (its first two letters). */
export function ibanCountry(iban: string): string {
  return normalizeIban(iban).slice(0, 2);
}

/**
 * BIC / SWIFT code: 4 letters (bank), 2 letters (country), 2 letters or digits (location), and an
 * optional 3-character branch code.
 */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normalizeBic(value));
}

export function normalizeBic(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** Every character but the last four replaced by `*`, so that a stored IBAN never leaves whole. */
export function maskIban(iban: string): string {
  const normalized = normalizeIban(iban);
  const visible = normalized.slice(-4);
  return "*".repeat(Math.max(0, normalized.length - visible.length)) + visible;
}
