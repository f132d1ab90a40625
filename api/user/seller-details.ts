import { and, asc, eq } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { OnboardingAddress, TaxIdentification } from "@domain/onboarding";
import type { Database } from "@api/db/client";
import { hostBankAccounts, hostBusinessDetails, hostIndividualDetails, users } from "@api/db/schema";

/**
 * What DAC7 reports of a seller (decision 033): who they are, where they live or are registered, their
 * tax identification numbers per issuing country, VAT number, and the payout accounts they were paid
 * to, each version with the time it was in use. One D1 batch; nothing here is shown to a guest.
 */

/** Versions of payout accounts read for one seller at most; a host keeps up to three at a time. */
export const MAX_BANK_ACCOUNT_VERSIONS = 200;

export interface SellerBankAccountVersion {
  /** The row a payout names; never changes once written. */
  versionId: number;
  /** The account's public id, shared by its versions. */
  accountId: string;
  holderName: string;
  /** Whole and normalised: DAC7 reports the financial account identifier. */
  iban: string;
  bic: string | null;
  currency: string;
  isDefault: boolean;
  /** When this version was saved, ISO. */
  validFrom: string;
  /** When it was replaced or removed, ISO; null while it is current. */
  validTo: string | null;
}

interface SellerBase {
  userId: number;
  publicId: string;
  email: string;
  /** The address of residence (individual) or the registered office (company); null until given. */
  address: OnboardingAddress | null;
  /** Every tax identification number, the main one first, one per issuing country. */
  taxIdentifications: TaxIdentification[];
  vatId: string | null;
  bankAccounts: SellerBankAccountVersion[];
  /** Whether the identity or business details were ever saved (else only the account's names are known). */
  detailsSaved: boolean;
}

export interface IndividualSeller extends SellerBase {
  type: "individual";
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  nationality: string | null;
}

export interface CompanySeller extends SellerBase {
  type: "company";
  legalBusinessName: string;
  registrationNumber: string | null;
  principalAddress: OnboardingAddress | null;
  /** Whether the company has a permanent establishment in the EU; null when not answered. */
  euPermanentEstablishment: boolean | null;
  /** The EU member states of its permanent establishments. */
  euMemberStates: string[];
}

export type SellerDetails = IndividualSeller | CompanySeller;

/** The reads, for a caller that sends them in a batch of its own (with `presentSellerDetails`). */
export function sellerDetailsReads(db: Database, userId: number) {
  return [
    db.select().from(users).where(eq(users.id, userId)).limit(1),
    db.select().from(hostIndividualDetails).where(eq(hostIndividualDetails.hostUserId, userId)).limit(1),
    db.select().from(hostBusinessDetails).where(eq(hostBusinessDetails.hostUserId, userId)).limit(1),
    db
      .select()
      .from(hostBankAccounts)
      .where(and(eq(hostBankAccounts.hostUserId, userId)))
      .orderBy(asc(hostBankAccounts.createdAt), asc(hostBankAccounts.id))
      .limit(MAX_BANK_ACCOUNT_VERSIONS),
  ] as const;
}

/** The main tax id first, then the others; one per issuing country. */
function taxIdentificationsOf(main: { taxId: string | null; countryIssueTaxId: string | null } | undefined, others: TaxIdentification[]): TaxIdentification[] {
  const first = main?.taxId && main.countryIssueTaxId ? [{ id: main.taxId, countryIsoCode: main.countryIssueTaxId }] : [];
  const seen = new Set(first.map((t) => t.countryIsoCode));
  return [...first, ...others.filter((t) => !seen.has(t.countryIsoCode) && (seen.add(t.countryIsoCode), true))];
}

export function presentSellerDetails([[user], [individual], [business], accounts]: BatchResponse<ReturnType<typeof sellerDetailsReads>>): SellerDetails | null {
  if (!user) return null;
  const bankAccounts = accounts.map(
    (row): SellerBankAccountVersion => ({
      versionId: row.id,
      accountId: row.publicId,
      holderName: row.holderName,
      iban: row.iban,
      bic: row.bic,
      currency: row.currency,
      isDefault: row.isDefault,
      validFrom: row.createdAt.toISOString(),
      validTo: row.retiredAt?.toISOString() ?? null,
    }),
  );
  const base = { userId: user.id, publicId: user.publicId, email: user.email, bankAccounts };
  if (user.type === "company") {
    return {
      ...base,
      type: "company",
      legalBusinessName: business?.legalBusinessName ?? user.companyName ?? "",
      registrationNumber: business?.registrationNumber ?? null,
      address: business?.address ?? null,
      principalAddress: business?.principalAddress ?? null,
      taxIdentifications: taxIdentificationsOf(business, business?.taxIdentifications ?? []),
      vatId: business?.vatId ?? null,
      euPermanentEstablishment: business?.euPermanentEstablishment ?? null,
      euMemberStates: business?.euMemberStates ?? [],
      detailsSaved: business !== undefined,
    };
  }
  return {
    ...base,
    type: "individual",
    firstName: individual?.firstName ?? user.firstName,
    lastName: individual?.lastName ?? user.lastName,
    dateOfBirth: individual?.dateOfBirth ?? null,
    nationality: individual?.nationality ?? null,
    address: individual?.address ?? null,
    taxIdentifications: taxIdentificationsOf(individual, individual?.taxIdentifications ?? []),
    vatId: individual?.vatId ?? null,
    detailsSaved: individual !== undefined,
  };
}

/** The seller's DAC7 data for a user id, in one batch; null when there is no such user. */
export async function loadSellerDetails(db: Database, userId: number): Promise<SellerDetails | null> {
  return presentSellerDetails(await db.batch(sellerDetailsReads(db, userId)));
}

/** The payout account version that was in use at `at` (ISO), the default one if several were. */
export function bankAccountAt(versions: readonly SellerBankAccountVersion[], at: string): SellerBankAccountVersion | null {
  const live = versions.filter((v) => v.validFrom <= at && (v.validTo === null || v.validTo > at));
  return live.find((v) => v.isDefault) ?? live[0] ?? null;
}
