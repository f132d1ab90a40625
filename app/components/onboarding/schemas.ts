import { z } from "zod";
import { SUPPORTED_CURRENCIES } from "@domain/money";

/**
 * The onboarding forms of the listing wizard (the host's details, the company's, the payout
 * account) as conform reads them. Each field is what the host typed; the API holds the rules
 * (§7 onboarding) and answers per field.
 */
const text = z.string().trim().optional();

const address = z.object({ countryCode: text, street: text, houseNumberOrName: text, postalCode: text, city: text });

export const individualDetailsSchema = z.object({
  firstName: text,
  lastName: text,
  dateOfBirth: text,
  nationality: text,
  phoneNumber: text,
  address,
  taxId: text,
  countryIssueTaxId: text,
});

/** One legal representative, named `signatories.0.*` as the API's list is. */
export const businessDetailsSchema = z.object({
  legalBusinessName: text,
  registrationNumber: text,
  vatId: text,
  businessEmail: text,
  phoneNumber: text,
  address,
  signatories: z.object({ 0: z.object({ firstName: text, lastName: text, dateOfBirth: text, role: text }) }),
});

/** An IBAN left empty keeps the one saved before (it is only ever shown masked). */
export const bankAccountSchema = z.object({
  holderName: text,
  iban: text,
  bic: text,
  currency: z.enum(SUPPORTED_CURRENCIES, { message: "required" }),
});

export type IndividualDetails = z.output<typeof individualDetailsSchema>;
export type BusinessDetails = z.output<typeof businessDetailsSchema>;
export type BankAccount = z.output<typeof bankAccountSchema>;
