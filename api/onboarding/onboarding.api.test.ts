import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_DOCUMENT_BYTES } from "@domain/onboarding";
import { png } from "@api/test/png";
import { api, createUser, ownedRowsDigest, signIn, type UserOverrides } from "@api/test/helpers";

const ONBOARDING = "/user/onboarding";

interface FieldErrorBody {
  message: string;
  errors: { field: string | null; message: string; type: string }[];
}

interface DocumentItem {
  id: string;
  documentType: string;
  side: string;
  mimeType: string;
  bytes: number;
  fileName: string;
  uploadedAt: string;
}

interface KycStatusBody {
  status: string;
  checks: { type: string; status: string }[];
  isKYCApplicable: boolean;
}

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function host(overrides: UserOverrides = {}) {
  const user = await createUser({ onboardingStatus: "in_progress", ...overrides });
  const { access_token: token } = await signIn(user.email);
  return { user, token };
}

/** A commission host to whom KYC applies. */
const kycHost = (overrides: UserOverrides = {}) => host({ commercialModel: "commission", kycApplicable: true, ...overrides });

const YEAR = new Date().getUTCFullYear();
/** At most 17 years old, whatever today is. */
const MINOR_BIRTH_DATE = `${YEAR - 17}-12-31`;

const ADDRESS = { countryCode: "DE", city: "Berlin", street: "Unter den Linden", houseNumberOrName: "1", postalCode: "10117", state: "Berlin", province: null };
const INDIVIDUAL = {
  firstName: "Ada",
  lastName: "Lovelace",
  dateOfBirth: "1990-12-10",
  nationality: "GB",
  phoneNumber: "+44 20 7946 0958",
  address: ADDRESS,
  taxId: "12 345 678 901",
  countryIssueTaxId: "DE",
};
const BUSINESS = {
  legalBusinessName: "Dune Stays GmbH",
  registrationNumber: "HRB 12345",
  vatId: "DE123456789",
  userHasVatId: true,
  taxId: "30/123/45678",
  countryIssueTaxId: "DE",
  taxIdentifications: [{ id: "FR12345678901", countryIsoCode: "FR" }],
  euPermanentEstablishment: false,
  address: ADDRESS,
  principalAddress: null,
  sameAddress: true,
  businessEmail: "office@dune.example",
  accountingEmail: "books@dune.example",
  phoneNumber: "+49 30 1234567",
  shareholders: [
    { firstName: "Ada", lastName: "Lovelace", dateOfBirth: "1990-12-10", ownershipPercent: 60 },
    { firstName: "Charles", lastName: "Babbage", dateOfBirth: "1971-12-26", ownershipPercent: 40 },
  ],
  signatories: [{ firstName: "Ada", lastName: "Lovelace", dateOfBirth: "1990-12-10", role: "Managing director" }],
};
const DE_IBAN = "DE89370400440532013000";
const GB_IBAN = "GB82WEST12345698765432";

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

function upload(token: string, fields: { file?: Uint8Array<ArrayBuffer> | null; name?: string; type?: string; documentType?: string; side?: string }) {
  const form = new FormData();
  if (fields.file !== null) form.append("file", new File([fields.file ?? png(40, 30)], fields.name ?? "document.png", { type: fields.type ?? "image/png" }));
  if (fields.documentType !== undefined) form.append("documentType", fields.documentType);
  if (fields.side !== undefined) form.append("side", fields.side);
  return api(token, "POST", `${ONBOARDING}/documentUpload`, form);
}

async function uploaded(token: string, documentType: string, side = "front", file: Uint8Array<ArrayBuffer> = png(40, 30)) {
  const response = await upload(token, { documentType, side, file, name: `${documentType}-${side}.png` });
  expect({ status: response.status, body: await response.clone().text() }).toMatchObject({ status: 201 });
  return json<DocumentItem>(response);
}

async function storageKey(documentId: string) {
  const row = await env.DB.prepare("SELECT storage_key FROM host_documents WHERE public_id = ?").bind(documentId).first<{ storage_key: string }>();
  return row?.storage_key ?? null;
}

async function kycStatus(token: string) {
  const response = await api(token, "GET", "/user/kyc/status");
  expect(response.status).toBe(200);
  return json<KycStatusBody>(response);
}

const checkMap = (body: KycStatusBody) => Object.fromEntries(body.checks.map((c) => [c.type, c.status]));

describe("GET /user/onboarding/getConfiguration", () => {
  it("sends document types, limits and translated countries", async () => {
    const { token } = await host();
    const response = await api(token, "GET", `${ONBOARDING}/getConfiguration?hl=de_DE`);
    expect(response.status).toBe(200);
    const config = await json<{
      identityDocumentTypes: { id: string; label: string; requiresBack: boolean }[];
      payoutDocumentTypes: { id: string; label: string }[];
      documentConstraints: { mimeTypes: string[]; maxBytes: number };
      minimumAge: number;
      countries: { code: string; label: string }[];
      sections: Record<string, boolean>;
    }>(response);
    expect(config.identityDocumentTypes).toEqual([
      expect.objectContaining({ id: "passport", label: "Reisepass", requiresBack: false }),
      expect.objectContaining({ id: "id_card", label: "Personalausweis", requiresBack: true }),
      expect.objectContaining({ id: "driving_licence", requiresBack: true }),
      expect.objectContaining({ id: "residence_permit", requiresBack: true }),
    ]);
    expect(config.payoutDocumentTypes.map((d) => d.id)).toEqual(["bank_statement", "bank_letter"]);
    expect(config.documentConstraints).toEqual({ mimeTypes: ["image/jpeg", "image/png", "application/pdf"], maxBytes: 10 * 1024 * 1024 });
    expect(config.minimumAge).toBe(18);
    expect(config.countries).toContainEqual({ code: "DE", label: "Deutschland" });
    expect(config.sections).toMatchObject({ individualDetails: true, businessDetails: false, ownerVerification: false, kyc: false });
    // A company's own documents are a company's only.
    expect((config as unknown as { companyDocumentTypes: unknown[] }).companyDocumentTypes).toEqual([]);
  });

  it("applies business details and owner verification to a company host with KYC", async () => {
    const { token } = await kycHost({ type: "company", companyName: "Dune Stays" });
    const config = await json<{ userType: string; sections: Record<string, boolean>; kycCheckTypes: string[]; companyDocumentTypes: { id: string; label: string }[] }>(
      await api(token, "GET", `${ONBOARDING}/getConfiguration?hl=de_DE`),
    );
    expect(config.userType).toBe("company");
    expect(config.companyDocumentTypes.map((d) => [d.id, d.label])).toEqual([
      ["commercial_register_extract", "Handelsregisterauszug"],
      ["articles_of_association", "Gesellschaftsvertrag"],
    ]);
    expect(config.sections).toMatchObject({ businessDetails: true, ownerVerification: true, kyc: true });
    expect(config.kycCheckTypes).toEqual(["identity", "business", "bank_account", "documents"]);
  });
});

describe("individual details", () => {
  it("starts from the account's name, then saves and reads back normalised details", async () => {
    const { token } = await host();
    const empty = await json(await api(token, "GET", `${ONBOARDING}/getIndividualDetails`));
    expect(empty).toEqual({
      firstName: "Test",
      lastName: "Host",
      dateOfBirth: null,
      nationality: null,
      phoneNumber: null,
      address: null,
      taxId: null,
      countryIssueTaxId: null,
      taxIdentifications: [],
      vatId: null,
      updatedAt: null,
    });
    const saved = await api(token, "POST", `${ONBOARDING}/saveIndividualDetails`, INDIVIDUAL);
    expect(saved.status).toBe(200);
    const expected = { ...INDIVIDUAL, phoneNumber: "+442079460958", address: { ...ADDRESS, state: "BER" } };
    expect(await json(saved)).toMatchObject(expected);
    const read = await json<Record<string, unknown>>(await api(token, "GET", `${ONBOARDING}/getIndividualDetails`));
    expect(read).toMatchObject(expected);
    expect(typeof read.updatedAt).toBe("string");
    // Saving again replaces the details.
    await api(token, "POST", `${ONBOARDING}/saveIndividualDetails`, { ...INDIVIDUAL, taxId: null, countryIssueTaxId: null, phoneNumber: "0049 30 1234567" });
    expect(await json(await api(token, "GET", `${ONBOARDING}/getIndividualDetails`))).toMatchObject({ taxId: null, countryIssueTaxId: null, phoneNumber: "+49301234567" });
  });

  it("refuses a host under 18 with a translated age_minimum", async () => {
    const { user, token } = await host();
    const before = await ownedRowsDigest(user.id);
    const response = await api(token, "POST", `${ONBOARDING}/saveIndividualDetails`, { ...INDIVIDUAL, dateOfBirth: MINOR_BIRTH_DATE });
    expect(response.status).toBe(400);
    expect(await json<FieldErrorBody>(response)).toEqual({
      message: "Validation failed",
      errors: [{ field: "dateOfBirth", message: "You must be at least 18 years old.", type: "age_minimum" }],
    });
    expect(await ownedRowsDigest(user.id)).toBe(before);
  });

  it("names every missing part of the address, and a bad phone number or nationality", async () => {
    const { token } = await host();
    const response = await api(token, "POST", `${ONBOARDING}/saveIndividualDetails`, {
      ...INDIVIDUAL,
      nationality: "XX",
      phoneNumber: "030 1234567",
      address: { countryCode: "", city: "", street: " ", postalCode: "10117" },
    });
    expect(response.status).toBe(400);
    const { errors } = await json<FieldErrorBody>(response);
    expect(errors.map((e) => [e.field, e.type])).toEqual([
      ["nationality", "country_invalid"],
      ["phoneNumber", "phone_invalid"],
      ["address.countryCode", "required"],
      ["address.city", "required"],
      ["address.street", "required"],
      ["address.houseNumberOrName", "required"],
    ]);
    expect(errors.find((e) => e.field === "phoneNumber")?.message).toMatch(/international format/);
  });

  it("refuses an address whose postal code does not fit the country", async () => {
    const { token } = await host();
    const response = await api(token, "POST", `${ONBOARDING}/saveIndividualDetails`, { ...INDIVIDUAL, address: { ...ADDRESS, postalCode: "1234" } });
    expect((await json<FieldErrorBody>(response)).errors).toEqual([expect.objectContaining({ field: "address.postalCode", type: "postal_code_invalid" })]);
  });
});

describe("business details", () => {
  it("are for company hosts only: an individual gets 403 with a clear message", async () => {
    const { user, token } = await host();
    const read = await api(token, "GET", `${ONBOARDING}/getBusinessDetails`);
    expect(read.status).toBe(403);
    expect(await json(read)).toEqual({ message: "Business details apply to company accounts only" });
    const before = await ownedRowsDigest(user.id);
    const save = await api(token, "POST", `${ONBOARDING}/saveBusinessDetails`, BUSINESS);
    expect(save.status).toBe(403);
    expect(await ownedRowsDigest(user.id)).toBe(before);
  });

  it("start from the company name, save and read back, with the principal address copied", async () => {
    const { token } = await host({ type: "company", companyName: "Dune Stays" });
    expect(await json(await api(token, "GET", `${ONBOARDING}/getBusinessDetails`))).toMatchObject({ legalBusinessName: "Dune Stays", address: null, shareholders: [], sameAddress: true });
    const response = await api(token, "POST", `${ONBOARDING}/saveBusinessDetails`, BUSINESS);
    expect(response.status).toBe(200);
    const expected = {
      ...BUSINESS,
      phoneNumber: "+49301234567",
      address: { ...ADDRESS, state: "BER" },
      principalAddress: { ...ADDRESS, state: "BER" },
    };
    expect(await json(response)).toMatchObject(expected);
    expect(await json(await api(token, "GET", `${ONBOARDING}/getBusinessDetails`))).toMatchObject(expected);
    // A separate principal address, no VAT id (a stale one is dropped), no answer on permanent establishment.
    const principalAddress = { countryCode: "AT", city: "Wien", street: "Ring", houseNumberOrName: "2", postalCode: "1010" };
    const second = await json(
      await api(token, "POST", `${ONBOARDING}/saveBusinessDetails`, { ...BUSINESS, sameAddress: false, principalAddress, userHasVatId: false, euPermanentEstablishment: null }),
    );
    expect(second).toMatchObject({ sameAddress: false, principalAddress: { ...principalAddress, state: null, province: null }, vatId: null, userHasVatId: false, euPermanentEstablishment: null });
  });

  it("refuses shares above 100 %, an under-age signatory and a missing principal address", async () => {
    const { token } = await host({ type: "company", companyName: "Dune Stays" });
    const response = await api(token, "POST", `${ONBOARDING}/saveBusinessDetails`, {
      ...BUSINESS,
      sameAddress: false,
      shareholders: [...BUSINESS.shareholders, { firstName: "Third", lastName: "Party", dateOfBirth: "1980-01-01", ownershipPercent: 0.5 }],
      signatories: [{ ...BUSINESS.signatories[0], dateOfBirth: MINOR_BIRTH_DATE }],
    });
    expect(response.status).toBe(400);
    const { errors } = await json<FieldErrorBody>(response);
    expect(errors.map((e) => [e.field, e.type])).toEqual([
      ["signatories.0.dateOfBirth", "age_minimum"],
      ["principalAddress", "required"],
      ["shareholders", "ownership_total_exceeded"],
    ]);
    expect(errors.find((e) => e.type === "ownership_total_exceeded")?.message).toBe("The ownership shares add up to more than 100 percent.");
  });
});

describe("bank accounts", () => {
  it("save up to three accounts and show every IBAN masked but its last four characters", async () => {
    const { token } = await host();
    expect(await json(await api(token, "GET", `${ONBOARDING}/getBankAccounts`))).toEqual({ accounts: [] });
    const response = await api(token, "POST", `${ONBOARDING}/saveBankAccounts`, {
      accounts: [
        { holderName: "Ada Lovelace", iban: "de89 3704 0044 0532 0130 00", bic: "deutdeff", currency: "EUR" },
        { holderName: "Ada Lovelace", iban: GB_IBAN, currency: "GBP" },
      ],
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(DE_IBAN);
    expect(text).not.toContain(GB_IBAN);
    const { accounts } = JSON.parse(text) as { accounts: { id: string; iban: string; isDefault: boolean }[] };
    expect(accounts).toEqual([
      { id: expect.stringMatching(/^bac_/), holderName: "Ada Lovelace", iban: "******************3000", countryCode: "DE", bic: "DEUTDEFF", currency: "EUR", isDefault: true },
      { id: expect.stringMatching(/^bac_/), holderName: "Ada Lovelace", iban: "******************5432", countryCode: "GB", bic: null, currency: "GBP", isDefault: false },
    ]);
    const read = await api(token, "GET", `${ONBOARDING}/getBankAccounts`);
    const readText = await read.text();
    expect(readText).not.toContain(DE_IBAN);
    expect(JSON.parse(readText)).toEqual({ accounts });
  });

  it("keep an account sent by id without its IBAN, and move the default", async () => {
    const { user, token } = await host();
    const first = await json<{ accounts: { id: string }[] }>(
      await api(token, "POST", `${ONBOARDING}/saveBankAccounts`, { accounts: [{ holderName: "Ada", iban: DE_IBAN, currency: "EUR" }] }),
    );
    const kept = first.accounts[0]!.id;
    const second = await json<{ accounts: { id: string; holderName: string; iban: string; isDefault: boolean }[] }>(
      await api(token, "POST", `${ONBOARDING}/saveBankAccounts`, {
        accounts: [
          { holderName: "Ada GBP", iban: GB_IBAN, currency: "GBP" },
          { id: kept, holderName: "Ada Lovelace", currency: "EUR", isDefault: true },
        ],
      }),
    );
    expect(second.accounts.map((a) => [a.holderName, a.iban.slice(-4), a.isDefault])).toEqual([
      ["Ada GBP", "5432", false],
      ["Ada Lovelace", "3000", true],
    ]);
    expect(second.accounts[1]!.id).toBe(kept);
    const stored = await env.DB.prepare("SELECT iban FROM host_bank_accounts WHERE host_user_id = ? AND retired_at IS NULL ORDER BY position").bind(user.id).all<{ iban: string }>();
    expect(stored.results.map((r) => r.iban)).toEqual([GB_IBAN, DE_IBAN]);
  });

  it("refuse a bad IBAN or BIC, two defaults, and more than three accounts", async () => {
    const { user, token } = await host();
    const before = await ownedRowsDigest(user.id);
    const bad = await api(token, "POST", `${ONBOARDING}/saveBankAccounts`, {
      accounts: [
        { holderName: "Ada", iban: DE_IBAN, currency: "EUR" },
        { holderName: "Ada", iban: "DE89370400440532013001", bic: "DEUT", currency: "EUR", isDefault: true },
      ],
    });
    expect(bad.status).toBe(400);
    const { errors } = await json<FieldErrorBody>(bad);
    expect(errors).toEqual([
      { field: "accounts.1.iban", message: "This IBAN is not valid. Check the country code, the length and the digits.", type: "iban_invalid" },
      { field: "accounts.1.bic", message: "Enter a valid BIC (8 or 11 characters).", type: "bic_invalid" },
    ]);
    const defaults = await json<FieldErrorBody>(
      await api(token, "POST", `${ONBOARDING}/saveBankAccounts`, {
        accounts: [
          { holderName: "Ada", iban: DE_IBAN, currency: "EUR", isDefault: true },
          { holderName: "Ada", iban: GB_IBAN, currency: "GBP", isDefault: true },
        ],
      }),
    );
    expect(defaults.errors.map((e) => [e.field, e.type])).toEqual([
      ["accounts.0.isDefault", "default_account_multiple"],
      ["accounts.1.isDefault", "default_account_multiple"],
    ]);
    const account = { holderName: "Ada", iban: DE_IBAN, currency: "EUR" };
    const tooMany = await json<FieldErrorBody>(await api(token, "POST", `${ONBOARDING}/saveBankAccounts`, { accounts: [account, account, account, account] }));
    expect(tooMany.errors).toEqual([expect.objectContaining({ field: "accounts", type: "bank_accounts_count" })]);
    expect(await ownedRowsDigest(user.id)).toBe(before);
  });

  it("refuse the id of an account that is not the host's", async () => {
    const owner = await host();
    const { accounts } = await json<{ accounts: { id: string }[] }>(
      await api(owner.token, "POST", `${ONBOARDING}/saveBankAccounts`, { accounts: [{ holderName: "Owner", iban: DE_IBAN, currency: "EUR" }] }),
    );
    const intruder = await host();
    const response = await api(intruder.token, "POST", `${ONBOARDING}/saveBankAccounts`, { accounts: [{ id: accounts[0]!.id, holderName: "Intruder", currency: "EUR" }] });
    expect(response.status).toBe(400);
    expect((await json<FieldErrorBody>(response)).errors).toEqual([expect.objectContaining({ field: "accounts.0.id", type: "account_unknown" })]);
    expect((await json<{ accounts: unknown[] }>(await api(intruder.token, "GET", `${ONBOARDING}/getBankAccounts`))).accounts).toEqual([]);
  });
});

describe("documents", () => {
  it("stores an upload in the bucket, lists it without the storage key and deletes it", async () => {
    const { token } = await host();
    const document = await uploaded(token, "passport");
    expect(document).toEqual({
      id: expect.stringMatching(/^doc_/),
      kind: "identity",
      documentType: "passport",
      side: "front",
      mimeType: "image/png",
      bytes: png(40, 30).byteLength,
      fileName: "passport-front.png",
      uploadedAt: expect.any(String),
    });
    const key = (await storageKey(document.id))!;
    expect(key).toMatch(/^documents\/[0-9a-f]{48}$/);
    const object = await env.FILES.get(key);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    await object?.arrayBuffer();
    const pdf = await upload(token, { file: PDF, name: "statement.pdf", type: "application/pdf", documentType: "bank_statement" });
    expect(pdf.status).toBe(201);
    expect(await json(pdf)).toMatchObject({ documentType: "bank_statement", side: "front", mimeType: "application/pdf" });

    const list = await api(token, "GET", `${ONBOARDING}/documents`);
    const text = await list.text();
    expect(text).not.toContain(key);
    expect((JSON.parse(text) as { items: DocumentItem[] }).items.map((d) => [d.documentType, d.mimeType])).toEqual([
      ["passport", "image/png"],
      ["bank_statement", "application/pdf"],
    ]);

    expect((await api(token, "DELETE", `${ONBOARDING}/documents/${document.id}`)).status).toBe(204);
    expect(await env.FILES.get(key)).toBeNull();
    expect((await json<{ items: DocumentItem[] }>(await api(token, "GET", `${ONBOARDING}/documents`))).items.map((d) => d.documentType)).toEqual(["bank_statement"]);
    expect((await api(token, "DELETE", `${ONBOARDING}/documents/${document.id}`)).status).toBe(404);
  });

  it("replaces the previous upload of the same type and side", async () => {
    const { token } = await host();
    const first = await uploaded(token, "id_card", "front");
    const back = await uploaded(token, "id_card", "back");
    const firstKey = (await storageKey(first.id))!;
    const second = await uploaded(token, "id_card", "front", png(60, 40));
    expect(await env.FILES.get(firstKey)).toBeNull();
    const { items } = await json<{ items: DocumentItem[] }>(await api(token, "GET", `${ONBOARDING}/documents`));
    expect(items.map((d) => d.id).sort()).toEqual([back.id, second.id].sort());
  });

  it("refuses a fake file by its bytes, whatever its name and declared type", async () => {
    const { user, token } = await host();
    const before = await ownedRowsDigest(user.id);
    const fake = await upload(token, { file: new TextEncoder().encode("MZ this is an executable, honestly"), name: "passport.pdf", type: "application/pdf", documentType: "passport" });
    expect(fake.status).toBe(400);
    expect((await json<FieldErrorBody>(fake)).errors).toEqual([{ field: "file", message: "passport.pdf is not a JPEG, PNG or PDF file", type: "document_file_invalid" }]);
    const truncatedPdf = await upload(token, { file: new TextEncoder().encode("%PDF-1.7\nbut nothing after it"), name: "a.pdf", type: "application/pdf", documentType: "bank_letter" });
    expect((await json<FieldErrorBody>(truncatedPdf)).errors.map((e) => e.type)).toEqual(["document_file_invalid"]);
    expect(await ownedRowsDigest(user.id)).toBe(before);
  });

  it("refuses a file over 10 MB", async () => {
    const { user, token } = await host();
    const before = await ownedRowsDigest(user.id);
    const big = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    big.set(png(40, 30));
    const response = await upload(token, { file: big, name: "huge.png", documentType: "passport" });
    expect(response.status).toBe(400);
    expect((await json<FieldErrorBody>(response)).errors).toEqual([expect.objectContaining({ field: "file", type: "document_too_large" })]);
    expect(await ownedRowsDigest(user.id)).toBe(before);
  });

  it("refuses a missing file, an unknown type and a back side the document does not have", async () => {
    const { token } = await host();
    const missing = await json<FieldErrorBody>(await upload(token, { file: null, documentType: "passport" }));
    expect(missing.errors).toEqual([expect.objectContaining({ field: "file", type: "required" })]);
    const unknownType = await json<FieldErrorBody>(await upload(token, { documentType: "selfie" }));
    expect(unknownType.errors).toEqual([expect.objectContaining({ field: "documentType", type: "document_type_invalid" })]);
    const noBack = await upload(token, { documentType: "passport", side: "back" });
    expect(noBack.status).toBe(400);
    expect((await json<FieldErrorBody>(noBack)).errors).toEqual([expect.objectContaining({ field: "side", type: "document_side_invalid" })]);
    const badSide = await json<FieldErrorBody>(await upload(token, { documentType: "id_card", side: "left" }));
    expect(badSide.errors).toEqual([expect.objectContaining({ field: "side", type: "document_side_invalid" })]);
    const notMultipart = await api(token, "POST", `${ONBOARDING}/documentUpload`, { documentType: "passport" });
    expect(notMultipart.status).toBe(415);
  });

  it("answers 404 for another host's document and leaves it in place", async () => {
    const owner = await host();
    const document = await uploaded(owner.token, "passport");
    const intruder = await host();
    const before = await ownedRowsDigest(owner.user.id);
    expect((await api(intruder.token, "DELETE", `${ONBOARDING}/documents/${document.id}`)).status).toBe(404);
    expect((await json<{ items: unknown[] }>(await api(intruder.token, "GET", `${ONBOARDING}/documents`))).items).toEqual([]);
    expect(await ownedRowsDigest(owner.user.id)).toBe(before);
    expect(await env.FILES.get((await storageKey(document.id))!)).not.toBeNull();
  });
});

describe("KYC", () => {
  it("starts once: started-at, then set-start-at moves never-started to collecting data", async () => {
    const { token } = await kycHost();
    expect(await json(await api(token, "GET", "/user/kyc/started-at"))).toEqual({ startedAt: null });
    expect(await kycStatus(token)).toEqual({
      status: "VERIFICATION_NEVER_STARTED",
      isKYCApplicable: true,
      checks: [
        { type: "identity", status: "new" },
        { type: "bank_account", status: "new" },
        { type: "documents", status: "new" },
      ],
      startedAt: null,
      decision: { reason: null, decidedAt: null, documentsExpireOn: null },
    });
    const started = await api(token, "POST", "/user/kyc/set-start-at");
    expect(started.status).toBe(200);
    const first = await json<{ startedAt: string; status: string }>(started);
    expect(first.status).toBe("COLLECTING_DATA");
    expect(Date.parse(first.startedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await json(await api(token, "GET", "/user/kyc/started-at"))).toEqual({ startedAt: first.startedAt });
    // A second call changes nothing.
    expect(await json(await api(token, "POST", "/user/kyc/set-start-at"))).toEqual(first);
    expect(checkMap(await kycStatus(token))).toEqual({ identity: "awaiting_data", bank_account: "awaiting_data", documents: "awaiting_data" });
    expect(await json(await api(token, "GET", "/user/info"))).toMatchObject({ kycInitiated: true, status: "COLLECTING_DATA" });
  });

  it("refuses to start for a host KYC does not apply to", async () => {
    const { user, token } = await host();
    const before = await ownedRowsDigest(user.id);
    const response = await api(token, "POST", "/user/kyc/set-start-at");
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({ message: "Identity verification does not apply to this account" });
    expect(await ownedRowsDigest(user.id)).toBe(before);
  });

  it("derives each check from saved data and moves the status with every write", async () => {
    const { token } = await kycHost();
    await api(token, "POST", `${ONBOARDING}/saveIndividualDetails`, INDIVIDUAL);
    let body = await kycStatus(token);
    expect(body.status).toBe("COLLECTING_DATA");
    expect(checkMap(body)).toEqual({ identity: "awaiting_data", bank_account: "awaiting_data", documents: "awaiting_data" });
    // The first write started the verification.
    expect((await json<{ startedAt: string | null }>(await api(token, "GET", "/user/kyc/started-at"))).startedAt).not.toBeNull();

    await uploaded(token, "id_card", "front");
    expect(checkMap(await kycStatus(token)).identity).toBe("awaiting_data");
    await uploaded(token, "id_card", "back");
    expect(checkMap(await kycStatus(token)).identity).toBe("pending");

    await api(token, "POST", `${ONBOARDING}/saveBankAccounts`, { accounts: [{ holderName: "Ada", iban: DE_IBAN, currency: "EUR" }] });
    body = await kycStatus(token);
    expect(checkMap(body)).toEqual({ identity: "pending", bank_account: "pending", documents: "awaiting_data" });
    expect(body.status).toBe("COLLECTING_DATA");

    const statement = await json<DocumentItem>(await upload(token, { file: PDF, name: "statement.pdf", documentType: "bank_statement" }));
    body = await kycStatus(token);
    expect(checkMap(body)).toEqual({ identity: "pending", bank_account: "pending", documents: "pending" });
    expect(body.status).toBe("IN_PROGRESS");
    expect(await json(await api(token, "GET", "/user/info"))).toMatchObject({ status: "IN_PROGRESS" });

    // Removing a required document during the review sends the host back to collecting data.
    expect((await api(token, "DELETE", `${ONBOARDING}/documents/${statement.id}`)).status).toBe(204);
    body = await kycStatus(token);
    expect(checkMap(body).documents).toBe("awaiting_data");
    expect(body.status).toBe("COLLECTING_DATA");
  });

  it("checks a company's business details, complete with a signatory", async () => {
    const { token } = await kycHost({ type: "company", companyName: "Dune Stays" });
    await api(token, "POST", `${ONBOARDING}/saveBusinessDetails`, { ...BUSINESS, signatories: [] });
    expect(checkMap(await kycStatus(token))).toMatchObject({ business: "awaiting_data", identity: "awaiting_data" });
    await api(token, "POST", `${ONBOARDING}/saveBusinessDetails`, BUSINESS);
    // The company's own document completes it; the owner's identity document is the identity check's.
    expect(checkMap(await kycStatus(token)).business).toBe("awaiting_data");
    await uploaded(token, "passport");
    expect(checkMap(await kycStatus(token)).business).toBe("awaiting_data");
    await uploaded(token, "commercial_register_extract");
    expect(checkMap(await kycStatus(token)).business).toBe("pending");
  });

  it("keeps a company's document and its owner's identity document apart, each replaced and deleted on its own", async () => {
    const { token } = await kycHost({ type: "company", companyName: "Dune Stays" });
    const company = await uploaded(token, "commercial_register_extract");
    const owner = await uploaded(token, "passport");
    const listed = await json<{ items: { id: string; kind: string; documentType: string }[] }>(await api(token, "GET", `${ONBOARDING}/documents`));
    expect(listed.items.map((d) => [d.id, d.kind, d.documentType])).toEqual([
      [company.id, "company", "commercial_register_extract"],
      [owner.id, "owner", "passport"],
    ]);
    // A new owner's passport replaces the owner's, never the company's document.
    const newOwner = await uploaded(token, "passport");
    expect((await json<{ items: { id: string }[] }>(await api(token, "GET", `${ONBOARDING}/documents`))).items.map((d) => d.id)).toEqual([company.id, newOwner.id]);
    expect((await api(token, "DELETE", `${ONBOARDING}/documents/${newOwner.id}`)).status).toBe(204);
    expect(checkMap(await kycStatus(token)).identity).toBe("awaiting_data");
    expect((await json<{ items: { kind: string }[] }>(await api(token, "GET", `${ONBOARDING}/documents`))).items.map((d) => d.kind)).toEqual(["company"]);
  });

  it("refuses a company's document from an individual", async () => {
    const { token } = await host();
    const response = await upload(token, { documentType: "commercial_register_extract" });
    expect(response.status).toBe(400);
    expect((await json<FieldErrorBody>(response)).errors).toEqual([expect.objectContaining({ field: "documentType", type: "document_type_invalid" })]);
    expect((await json<{ items: unknown[] }>(await api(token, "GET", `${ONBOARDING}/documents`))).items).toEqual([]);
  });

  it("leaves the status of a host KYC does not apply to as it is", async () => {
    const { token } = await host();
    await api(token, "POST", `${ONBOARDING}/saveIndividualDetails`, INDIVIDUAL);
    await uploaded(token, "passport");
    const body = await kycStatus(token);
    expect(body).toMatchObject({ status: "VERIFICATION_NEVER_STARTED", isKYCApplicable: false });
    expect(checkMap(body).identity).toBe("pending");
    expect(await json(await api(token, "GET", "/user/kyc/started-at"))).toEqual({ startedAt: null });
  });
});
