import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import {
  COMPANY_DOCUMENT_TYPES,
  DOCUMENT_TYPES,
  IDENTITY_DOCUMENT_TYPES,
  PAYOUT_DOCUMENT_TYPES,
  bankAccountsSchema,
  businessDetailsSchema,
  planBankAccountVersions,
  defaultAccountIndex,
  documentSides,
  hasCompleteIdentityDocument,
  individualDetailsSchema,
  isOfMinimumAge,
  kycChecks,
  documentKind,
  isDocumentKindComplete,
  mayUploadDocumentType,
  missingDocumentsCode,
  nextKycStatus,
  normalizePhoneNumber,
  onboardingConfiguration,
  startedKycStatus,
  totalOwnership,
  type KycCheck,
  type KycFacts,
} from "./onboarding";

function issues(result: z.ZodSafeParseResult<unknown>) {
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

/** Each check's status by type. */
const status = (checks: KycCheck[]) => Object.fromEntries(checks.map((c) => [c.type, c.status]));
/** Checks of an individual in order identity, bank_account, documents. */
const checks = (...statuses: KycCheck["status"][]): KycCheck[] => statuses.map((s, i) => ({ type: (["identity", "bank_account", "documents"] as const)[i]!, status: s }));
const t = (key: string) => `label(${key})`;

describe("dates and age", () => {
  it("counts completed years, the birthday itself included", () => {
    expect(isOfMinimumAge("2008-06-15", "2026-06-14")).toBe(false);
    expect(isOfMinimumAge("2008-06-15", "2026-06-15")).toBe(true);
    expect(isOfMinimumAge("2008-06-15", "2026-12-31")).toBe(true);
  });

  it("lets someone born on 29 February come of age on 1 March in a common year", () => {
    expect(isOfMinimumAge("2008-02-29", "2026-02-28")).toBe(false);
    expect(isOfMinimumAge("2008-02-29", "2026-03-01")).toBe(true);
  });

  it("refuses an invalid date of birth", () => {
    expect(isOfMinimumAge("not a date", "2026-01-01")).toBe(false);
  });
});

describe("phone numbers", () => {
  it("accepts international numbers and answers them compact", () => {
    expect(normalizePhoneNumber("+49 30 1234567")).toBe("+49301234567");
    expect(normalizePhoneNumber("0049 (30) 123-45-67")).toBe("+49301234567");
    expect(normalizePhoneNumber("+1 415.555.0132")).toBe("+14155550132");
  });

  it("refuses national numbers, letters and impossible lengths", () => {
    expect(normalizePhoneNumber("030 1234567")).toBeNull();
    expect(normalizePhoneNumber("+0 30 1234567")).toBeNull();
    expect(normalizePhoneNumber("+49 30 CALL-ME")).toBeNull();
    expect(normalizePhoneNumber("+49 12")).toBeNull();
    expect(normalizePhoneNumber("+49 1234 5678 9012 345")).toBeNull();
  });
});

describe("documents", () => {
  it("lists every identity, payout and company type once", () => {
    expect([...DOCUMENT_TYPES].sort()).toEqual([...IDENTITY_DOCUMENT_TYPES.map((d) => d.id), ...PAYOUT_DOCUMENT_TYPES, ...COMPANY_DOCUMENT_TYPES].sort());
  });

  it("has a back side only where the document has one", () => {
    expect(documentSides("passport")).toEqual(["front"]);
    expect(documentSides("id_card")).toEqual(["front", "back"]);
    expect(documentSides("bank_statement")).toEqual(["front"]);
  });

  it("needs both sides of an identity card, one of a passport", () => {
    expect(hasCompleteIdentityDocument([{ documentType: "id_card", side: "front" }])).toBe(false);
    expect(hasCompleteIdentityDocument([{ documentType: "id_card", side: "front" }, { documentType: "driving_licence", side: "back" }])).toBe(false);
    expect(hasCompleteIdentityDocument([{ documentType: "id_card", side: "front" }, { documentType: "id_card", side: "back" }])).toBe(true);
    expect(hasCompleteIdentityDocument([{ documentType: "passport", side: "front" }])).toBe(true);
    expect(hasCompleteIdentityDocument([{ documentType: "bank_statement", side: "front" }])).toBe(false);
  });
});

describe("ownership and default account", () => {
  it("sums shares exactly in hundredths", () => {
    expect(totalOwnership([{ ownershipPercent: 33.33 }, { ownershipPercent: 33.33 }, { ownershipPercent: 33.34 }])).toBe(100);
    expect(totalOwnership([])).toBe(0);
  });

  it("picks the marked account, else the first, and refuses two", () => {
    expect(defaultAccountIndex([{}, { isDefault: true }])).toBe(1);
    expect(defaultAccountIndex([{}, { isDefault: false }])).toBe(0);
    expect(defaultAccountIndex([{ isDefault: true }, { isDefault: true }])).toBe(-1);
  });
});

describe("request schemas", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-06-15T12:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const address = { countryCode: "de", city: "Berlin", street: "Unter den Linden", houseNumberOrName: "1", postalCode: "10117", state: "Berlin", province: "" };
  const individual = { firstName: "Ada", lastName: "Lovelace", dateOfBirth: "1990-12-10", nationality: "gb", phoneNumber: "+44 20 7946 0958", address };

  it("normalises individual details: codes upper-cased, state cut to 3, empty texts null", () => {
    const result = individualDetailsSchema.parse(individual);
    expect(result).toEqual({
      ...individual,
      nationality: "GB",
      phoneNumber: "+442079460958",
      address: { ...address, countryCode: "DE", state: "BER", province: null },
      taxId: null,
      countryIssueTaxId: null,
      taxIdentifications: [],
      vatId: null,
    });
  });

  it("refuses a host under 18, and a date of birth in the future as invalid", () => {
    expect(issues(individualDetailsSchema.safeParse({ ...individual, dateOfBirth: "2008-06-16" }))).toEqual([{ path: "dateOfBirth", message: "age_minimum" }]);
    expect(issues(individualDetailsSchema.safeParse({ ...individual, dateOfBirth: "2008-06-15" }))).toEqual([]);
    expect(issues(individualDetailsSchema.safeParse({ ...individual, dateOfBirth: "2030-01-01" }))).toEqual([{ path: "dateOfBirth", message: "date_invalid" }]);
  });

  it("requires country, city, street and house number or name of an address, one error each", () => {
    const result = individualDetailsSchema.safeParse({ ...individual, address: { countryCode: "", city: " ", street: "", houseNumberOrName: "" } });
    expect(issues(result)).toEqual([
      { path: "address.countryCode", message: "required" },
      { path: "address.city", message: "required" },
      { path: "address.street", message: "required" },
      { path: "address.houseNumberOrName", message: "required" },
    ]);
  });

  it("checks the postal code against the country and the tax id's issuing country", () => {
    expect(issues(individualDetailsSchema.safeParse({ ...individual, address: { ...address, postalCode: "ABC" }, taxId: "12345" }))).toEqual([
      { path: "address.postalCode", message: "postal_code_invalid" },
      { path: "countryIssueTaxId", message: "required" },
    ]);
  });

  const business = {
    legalBusinessName: "Dune Stays GmbH",
    registrationNumber: "HRB 12345",
    userHasVatId: true,
    vatId: "DE123456789",
    address,
    sameAddress: true,
    businessEmail: "Office@Dune.example",
    phoneNumber: "+49 30 1234567",
    shareholders: [{ firstName: "A", lastName: "B", dateOfBirth: "2010-01-01", ownershipPercent: 60 }],
    signatories: [{ firstName: "C", lastName: "D", dateOfBirth: "1980-01-01", role: "Managing director" }],
  };

  it("copies the address to the principal address when they are the same", () => {
    const result = businessDetailsSchema.parse({ ...business, principalAddress: { ...address, city: "Potsdam", postalCode: "14467" } });
    expect(result.principalAddress).toEqual(result.address);
    expect(result.businessEmail).toBe("office@dune.example");
    expect(result.euPermanentEstablishment).toBeNull();
  });

  it("requires a principal address when it differs, and the VAT id when the host has one", () => {
    expect(issues(businessDetailsSchema.safeParse({ ...business, sameAddress: false, vatId: "" }))).toEqual([
      { path: "vatId", message: "required" },
      { path: "principalAddress", message: "required" },
    ]);
    expect(businessDetailsSchema.parse({ ...business, userHasVatId: false }).vatId).toBeNull();
  });

  it("refuses shares above 100 % in total, adult signatories only", () => {
    const shareholders = [...business.shareholders, { firstName: "E", lastName: "F", dateOfBirth: "1970-01-01", ownershipPercent: 40.01 }];
    expect(issues(businessDetailsSchema.safeParse({ ...business, shareholders }))).toEqual([{ path: "shareholders", message: "ownership_total_exceeded" }]);
    expect(issues(businessDetailsSchema.safeParse({ ...business, shareholders: [{ ...business.shareholders[0], ownershipPercent: 101 }] }))).toEqual([
      { path: "shareholders.0.ownershipPercent", message: "ownership_range" },
    ]);
    expect(issues(businessDetailsSchema.safeParse({ ...business, signatories: [{ ...business.signatories[0], dateOfBirth: "2010-01-01" }] }))).toEqual([
      { path: "signatories.0.dateOfBirth", message: "age_minimum" },
    ]);
  });

  it("refuses a tax identification listed twice for one country", () => {
    const taxIdentifications = [{ id: "1", countryIsoCode: "DE" }, { id: "2", countryIsoCode: "de" }];
    expect(issues(businessDetailsSchema.safeParse({ ...business, taxIdentifications }))).toEqual([{ path: "taxIdentifications.1.countryIsoCode", message: "duplicate" }]);
  });

  it("keeps the EU member states of permanent establishments only when there are some, and needs one then", () => {
    expect(businessDetailsSchema.parse({ ...business, euPermanentEstablishment: false, euMemberStates: ["FR"] }).euMemberStates).toEqual([]);
    expect(businessDetailsSchema.parse({ ...business, euPermanentEstablishment: true, euMemberStates: ["fr", "AT"] }).euMemberStates).toEqual(["FR", "AT"]);
    expect(issues(businessDetailsSchema.safeParse({ ...business, euPermanentEstablishment: true }))).toEqual([{ path: "euMemberStates", message: "required" }]);
    expect(issues(businessDetailsSchema.safeParse({ ...business, euPermanentEstablishment: true, euMemberStates: ["FR", "NO", "FR"] }))).toEqual([
      { path: "euMemberStates.1", message: "eu_member_state_invalid" },
      { path: "euMemberStates.2", message: "duplicate" },
    ]);
  });

  it("checks the VAT number's shape and counts the main tax id's country among the others", () => {
    expect(businessDetailsSchema.parse({ ...business, vatId: "de 123 456 789" }).vatId).toBe("DE123456789");
    expect(issues(businessDetailsSchema.safeParse({ ...business, vatId: "123456789" }))).toEqual([{ path: "vatId", message: "vat_prefix" }]);
    expect(issues(businessDetailsSchema.safeParse({ ...business, vatId: "DE1234" }))).toEqual([{ path: "vatId", message: "vat_invalid" }]);
    const taxIdentifications = [{ id: "2", countryIsoCode: "DE" }];
    expect(issues(businessDetailsSchema.safeParse({ ...business, taxId: "1", countryIssueTaxId: "DE", taxIdentifications }))).toEqual([
      { path: "taxIdentifications.0.countryIsoCode", message: "duplicate" },
    ]);
  });

  it("validates bank accounts: IBAN, BIC, currency, count and one default", () => {
    const account = { holderName: "Ada Lovelace", iban: "DE89 3704 0044 0532 0130 00", currency: "EUR" };
    expect(bankAccountsSchema.parse({ accounts: [{ ...account, bic: " deutdeff " }] }).accounts[0]).toMatchObject({ iban: "DE89370400440532013000", bic: "DEUTDEFF" });
    expect(issues(bankAccountsSchema.safeParse({ accounts: [{ ...account, iban: "DE88370400440532013000", bic: "DEUT" }] }))).toEqual([
      { path: "accounts.0.iban", message: "iban_invalid" },
      { path: "accounts.0.bic", message: "bic_invalid" },
    ]);
    expect(issues(bankAccountsSchema.safeParse({ accounts: [] }))).toEqual([{ path: "accounts", message: "bank_accounts_count" }]);
    expect(issues(bankAccountsSchema.safeParse({ accounts: [account, account, account, account] }))).toEqual([{ path: "accounts", message: "bank_accounts_count" }]);
    expect(issues(bankAccountsSchema.safeParse({ accounts: [{ ...account, currency: "JPY" }] }))).toEqual([{ path: "accounts.0.currency", message: "currency_invalid" }]);
    const second = { ...account, iban: "GB82WEST12345698765432", currency: "GBP" };
    expect(issues(bankAccountsSchema.safeParse({ accounts: [{ ...account, isDefault: true }, { ...second, isDefault: true }] }))).toEqual([
      { path: "accounts.0.isDefault", message: "default_account_multiple" },
      { path: "accounts.1.isDefault", message: "default_account_multiple" },
    ]);
    expect(issues(bankAccountsSchema.safeParse({ accounts: [account, { ...account, iban: "DE89370400440532013000" }] }))).toEqual([{ path: "accounts.1.iban", message: "duplicate" }]);
    expect(issues(bankAccountsSchema.safeParse({ accounts: [{ holderName: "A", currency: "EUR" }] }))).toEqual([{ path: "accounts.0.iban", message: "required" }]);
    expect(issues(bankAccountsSchema.safeParse({ accounts: [{ id: "bac_1", holderName: "A", currency: "EUR" }] }))).toEqual([]);
  });
});

describe("KYC checks", () => {
  const nothing: KycFacts = { userType: "individual", status: "VERIFICATION_NEVER_STARTED", individualDetails: false, businessDetails: null, bankAccounts: 0, documents: [] };
  const everything: KycFacts = {
    ...nothing,
    status: "COLLECTING_DATA",
    individualDetails: true,
    bankAccounts: 1,
    documents: [
      { documentType: "passport", side: "front" },
      { documentType: "bank_statement", side: "front" },
    ],
  };

  it("are all new before a host starts, without a business check for individuals", () => {
    expect(kycChecks(nothing)).toEqual([
      { type: "identity", status: "new" },
      { type: "bank_account", status: "new" },
      { type: "documents", status: "new" },
    ]);
  });

  it("await data once started, and for a check with partial data", () => {
    expect(status(kycChecks({ ...nothing, status: "COLLECTING_DATA" }))).toEqual({ identity: "awaiting_data", bank_account: "awaiting_data", documents: "awaiting_data" });
    expect(status(kycChecks({ ...nothing, individualDetails: true }))).toMatchObject({ identity: "awaiting_data", bank_account: "new" });
    expect(status(kycChecks({ ...nothing, documents: [{ documentType: "id_card", side: "front" }] }))).toMatchObject({ identity: "awaiting_data" });
  });

  it("make identity pending once personal details and a complete identity document exist", () => {
    const idCardFront = { ...nothing, individualDetails: true, documents: [{ documentType: "id_card", side: "front" }] } satisfies KycFacts;
    expect(status(kycChecks(idCardFront)).identity).toBe("awaiting_data");
    expect(status(kycChecks({ ...idCardFront, documents: [...idCardFront.documents, { documentType: "id_card", side: "back" }] })).identity).toBe("pending");
  });

  it("are all pending with everything saved, and show a review's outcome", () => {
    expect(status(kycChecks(everything))).toEqual({ identity: "pending", bank_account: "pending", documents: "pending" });
    expect(status(kycChecks({ ...everything, reviews: { identity: "passed", documents: "failed" } }))).toEqual({ identity: "passed", bank_account: "pending", documents: "failed" });
  });

  it("check a company's business details, which need a signatory and the company's own document", () => {
    const company: KycFacts = { ...everything, userType: "company" };
    const registered: KycFacts["documents"] = [...everything.documents, { documentType: "commercial_register_extract", side: "front" }];
    expect(status(kycChecks(company)).business).toBe("awaiting_data");
    expect(status(kycChecks({ ...company, businessDetails: { signatories: 0 }, documents: registered })).business).toBe("awaiting_data");
    // The owner's passport is the identity check's: without the company's document the company is not complete.
    expect(status(kycChecks({ ...company, businessDetails: { signatories: 1 } }))).toMatchObject({ business: "awaiting_data", identity: "pending" });
    expect(status(kycChecks({ ...company, businessDetails: { signatories: 1 }, documents: registered })).business).toBe("pending");
    // The company's document alone does not prove the owner's identity.
    expect(status(kycChecks({ ...company, businessDetails: { signatories: 1 }, documents: [{ documentType: "commercial_register_extract", side: "front" }] })).identity).toBe("awaiting_data");
    expect(kycChecks({ ...nothing, userType: "company" }).map((c) => c.type)).toEqual(["identity", "business", "bank_account", "documents"]);
  });
});

describe("document kinds (decision 039)", () => {
  it("follow from the type and the host: a company's identity documents are its owner's", () => {
    expect(documentKind("passport", "individual")).toBe("identity");
    expect(documentKind("passport", "company")).toBe("owner");
    expect(documentKind("commercial_register_extract", "company")).toBe("company");
    expect(documentKind("bank_letter", "company")).toBe("payout");
    expect(mayUploadDocumentType("articles_of_association", "individual")).toBe(false);
    expect(mayUploadDocumentType("articles_of_association", "company")).toBe(true);
    expect(mayUploadDocumentType("passport", "individual")).toBe(true);
  });

  it("are complete each on its own, and name what is missing", () => {
    const idCardFront = [{ documentType: "id_card", side: "front" }] as const;
    expect(isDocumentKindComplete("owner", idCardFront)).toBe(false);
    expect(isDocumentKindComplete("owner", [...idCardFront, { documentType: "id_card", side: "back" }])).toBe(true);
    expect(isDocumentKindComplete("company", idCardFront)).toBe(false);
    expect(isDocumentKindComplete("company", [{ documentType: "articles_of_association", side: "front" }])).toBe(true);
    expect(isDocumentKindComplete("payout", [{ documentType: "bank_statement", side: "front" }])).toBe(true);
    expect(missingDocumentsCode(["company"])).toBe("company_document_required");
    expect(missingDocumentsCode(["owner"])).toBe("owner_document_required");
    expect(missingDocumentsCode(["company", "owner"])).toBe("company_and_owner_documents_required");
  });
});

describe("KYC status", () => {
  it("starts: never started or required becomes collecting data", () => {
    expect(startedKycStatus("VERIFICATION_NEVER_STARTED")).toBe("COLLECTING_DATA");
    expect(startedKycStatus("REQUIRED")).toBe("COLLECTING_DATA");
    expect(startedKycStatus("IN_PROGRESS")).toBe("IN_PROGRESS");
    expect(startedKycStatus("COMPLETED")).toBe("COMPLETED");
  });

  it("collects data after the first save and is in progress once everything is there", () => {
    expect(nextKycStatus("VERIFICATION_NEVER_STARTED", checks("awaiting_data", "new", "new"), true)).toBe("COLLECTING_DATA");
    expect(nextKycStatus("REQUIRED", checks("pending", "awaiting_data", "awaiting_data"), true)).toBe("COLLECTING_DATA");
    expect(nextKycStatus("COLLECTING_DATA", checks("pending", "pending", "pending"), true)).toBe("IN_PROGRESS");
    expect(nextKycStatus("FAILED", checks("pending", "pending", "pending"), true)).toBe("IN_PROGRESS");
  });

  it("goes back to collecting data when data is removed during the review", () => {
    expect(nextKycStatus("IN_PROGRESS", checks("pending", "pending", "awaiting_data"), true)).toBe("COLLECTING_DATA");
    expect(nextKycStatus("FAILED", checks("failed", "pending", "pending"), true)).toBe("COLLECTING_DATA");
  });

  it("never changes a settled verification, nor a host KYC does not apply to", () => {
    expect(nextKycStatus("COMPLETED", checks("awaiting_data", "new", "new"), true)).toBe("COMPLETED");
    expect(nextKycStatus("EXPIRED", checks("pending", "pending", "pending"), true)).toBe("EXPIRED");
    expect(nextKycStatus("VERIFICATION_NEVER_STARTED", checks("pending", "pending", "pending"), false)).toBe("VERIFICATION_NEVER_STARTED");
    expect(nextKycStatus("VERIFICATION_NEVER_STARTED", checks("new", "new", "new"), true)).toBe("VERIFICATION_NEVER_STARTED");
  });
});

describe("onboardingConfiguration", () => {
  it("labels document types and countries, with the limits", () => {
    const config = onboardingConfiguration(t, { type: "individual", isKYCApplicable: false });
    expect(config.identityDocumentTypes).toContainEqual({ id: "id_card", label: "label(configuration:identityDocumentTypes.id_card)", requiresBack: true, sides: ["front", "back"] });
    expect(config.identityDocumentTypes.find((d) => d.id === "passport")?.requiresBack).toBe(false);
    expect(config.payoutDocumentTypes.map((d) => d.id)).toEqual(["bank_statement", "bank_letter"]);
    expect(config.documentConstraints).toEqual({ mimeTypes: ["image/jpeg", "image/png", "application/pdf"], maxBytes: 10 * 1024 * 1024 });
    expect(config.minimumAge).toBe(18);
    expect(config.countries).toContainEqual({ code: "DE", label: "label(configuration:countries.DE)" });
  });

  it("applies business details to companies and owner verification only with KYC", () => {
    expect(onboardingConfiguration(t, { type: "individual", isKYCApplicable: true }).sections).toMatchObject({ businessDetails: false, ownerVerification: false, kyc: true });
    expect(onboardingConfiguration(t, { type: "company", isKYCApplicable: false }).sections).toMatchObject({ businessDetails: true, ownerVerification: false, kyc: false });
    const company = onboardingConfiguration(t, { type: "company", isKYCApplicable: true });
    expect(company.sections).toMatchObject({ businessDetails: true, ownerVerification: true, kyc: true });
    expect(company.kycCheckTypes).toContain("business");
  });

  it("sorts countries by their translated label", () => {
    const names: Record<string, string> = { DE: "Allemagne", ES: "Espagne", FR: "France" };
    const config = onboardingConfiguration((key) => names[key.split(".")[1] ?? ""] ?? `Z ${key}`, { type: "individual", isKYCApplicable: false }, "fr_FR");
    expect(config.countries.slice(0, 3).map((c) => c.code)).toEqual(["DE", "ES", "FR"]);
  });
});

const row = (id: number, publicId: string, iban: string, position = 0, isDefault = position === 0) => ({ id, publicId, holderName: "Ada", iban, bic: null, currency: "EUR", position, isDefault });
const wanted = (publicId: string, iban: string, position = 0, isDefault = position === 0) => ({ publicId, holderName: "Ada", iban, bic: null, currency: "EUR", position, isDefault });

describe("payout account versions", () => {

  it("changes nothing when nothing changed", () => {
    expect(planBankAccountVersions([row(1, "bac_a", "DE1")], [wanted("bac_a", "DE1")])).toEqual({ retire: [], reorder: [], insert: [] });
  });

  it("retires a version whose IBAN, holder, BIC or currency changed and adds the next under the same id", () => {
    expect(planBankAccountVersions([row(1, "bac_a", "DE1")], [wanted("bac_a", "GB2")])).toEqual({ retire: [1], reorder: [], insert: [wanted("bac_a", "GB2")] });
    const renamed = { ...wanted("bac_a", "DE1"), holderName: "Ada Lovelace" };
    expect(planBankAccountVersions([row(1, "bac_a", "DE1")], [renamed])).toEqual({ retire: [1], reorder: [], insert: [renamed] });
  });

  it("retires an account no longer listed, adds a new one, and moves one in place", () => {
    const current = [row(1, "bac_a", "DE1", 0), row(2, "bac_b", "DE2", 1)];
    expect(planBankAccountVersions(current, [wanted("bac_new", "DE3", 0, true), wanted("bac_b", "DE2", 1, false)])).toEqual({
      retire: [1],
      reorder: [],
      insert: [wanted("bac_new", "DE3", 0, true)],
    });
    expect(planBankAccountVersions(current, [wanted("bac_b", "DE2", 0, true), wanted("bac_a", "DE1", 1, false)])).toEqual({
      retire: [],
      reorder: [
        { id: 2, position: 0, isDefault: true },
        { id: 1, position: 1, isDefault: false },
      ],
      insert: [],
    });
  });
});
