import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "@api/db/client";
import { api, createUser, signIn, type UserOverrides } from "@api/test/helpers";
import { bankAccountAt, loadSellerDetails } from "./seller-details";

const ONBOARDING = "/user/onboarding";
const DE_IBAN = "DE89370400440532013000";
const GB_IBAN = "GB82WEST12345698765432";
const ADDRESS = { countryCode: "DE", city: "Berlin", street: "Unter den Linden", houseNumberOrName: "1", postalCode: "10117", state: null, province: null };

async function host(overrides: UserOverrides = {}) {
  const user = await createUser(overrides);
  const { access_token: token } = await signIn(user.email);
  return { user, token };
}

async function saveAccounts(token: string, accounts: unknown[]) {
  const response = await api(token, "POST", `${ONBOARDING}/saveBankAccounts`, { accounts });
  expect(response.status).toBe(200);
  return ((await response.json()) as { accounts: { id: string; holderName: string; isDefault: boolean }[] }).accounts;
}

describe("seller details for DAC7", () => {
  it("an individual: date of birth, address, every tax id with its country (the main one first), VAT", async () => {
    const { user, token } = await host();
    const saved = await api(token, "POST", `${ONBOARDING}/saveIndividualDetails`, {
      firstName: "Ada",
      lastName: "Lovelace",
      dateOfBirth: "1990-12-10",
      nationality: "GB",
      phoneNumber: "+49 30 1234567",
      address: ADDRESS,
      taxId: "12345678901",
      countryIssueTaxId: "DE",
      taxIdentifications: [{ id: "1234567890", countryIsoCode: "GB" }],
      vatId: "de 123.456.789",
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ taxIdentifications: [{ id: "1234567890", countryIsoCode: "GB" }], vatId: "DE123456789" });
    const seller = await loadSellerDetails(database(env.DB), user.id);
    expect(seller).toMatchObject({
      type: "individual",
      userId: user.id,
      firstName: "Ada",
      lastName: "Lovelace",
      dateOfBirth: "1990-12-10",
      nationality: "GB",
      address: ADDRESS,
      taxIdentifications: [
        { id: "12345678901", countryIsoCode: "DE" },
        { id: "1234567890", countryIsoCode: "GB" },
      ],
      vatId: "DE123456789",
      bankAccounts: [],
      detailsSaved: true,
    });
  });

  it("a company: registration number, VAT, tax ids and the EU member states of its permanent establishments", async () => {
    const { user, token } = await host({ type: "company", companyName: "Dune Stays GmbH" });
    expect(await loadSellerDetails(database(env.DB), user.id)).toMatchObject({ type: "company", legalBusinessName: "Dune Stays GmbH", detailsSaved: false, taxIdentifications: [] });
    const business = {
      legalBusinessName: "Dune Stays GmbH",
      registrationNumber: "HRB 12345",
      vatId: "DE123456789",
      userHasVatId: true,
      taxId: "3012345678",
      countryIssueTaxId: "DE",
      taxIdentifications: [{ id: "12345678901", countryIsoCode: "FR" }],
      euPermanentEstablishment: true,
      euMemberStates: ["fr", "AT"],
      address: ADDRESS,
      sameAddress: true,
      businessEmail: "office@dune.example",
      phoneNumber: "+49 30 1234567",
    };
    expect((await api(token, "POST", `${ONBOARDING}/saveBusinessDetails`, business)).status).toBe(200);
    expect(await loadSellerDetails(database(env.DB), user.id)).toMatchObject({
      type: "company",
      legalBusinessName: "Dune Stays GmbH",
      registrationNumber: "HRB 12345",
      vatId: "DE123456789",
      address: ADDRESS,
      principalAddress: ADDRESS,
      euPermanentEstablishment: true,
      euMemberStates: ["FR", "AT"],
      taxIdentifications: [
        { id: "3012345678", countryIsoCode: "DE" },
        { id: "12345678901", countryIsoCode: "FR" },
      ],
      detailsSaved: true,
    });
  });

  it("refuses a VAT number of the wrong shape, a second tax id for one country and a member state outside the EU (400, nothing saved)", async () => {
    const { user, token } = await host({ type: "company", companyName: "Dune" });
    const response = await api(token, "POST", `${ONBOARDING}/saveBusinessDetails`, {
      legalBusinessName: "Dune",
      registrationNumber: "HRB 1",
      vatId: "DE12345",
      userHasVatId: true,
      taxId: "1",
      countryIssueTaxId: "DE",
      taxIdentifications: [{ id: "2", countryIsoCode: "DE" }],
      euPermanentEstablishment: true,
      euMemberStates: ["CH"],
      address: ADDRESS,
      sameAddress: true,
      businessEmail: "office@dune.example",
      phoneNumber: "+49 30 1234567",
    });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: { field: string; type: string }[] };
    expect(errors.map((e) => [e.field, e.type])).toEqual([
      ["vatId", "vat_invalid"],
      ["euMemberStates.0", "eu_member_state_invalid"],
      ["taxIdentifications.0.countryIsoCode", "duplicate"],
    ]);
    expect((await loadSellerDetails(database(env.DB), user.id))?.detailsSaved).toBe(false);
  });

  it("keeps every version of a payout account: a change adds one, a removal retires it, the order changes in place", async () => {
    const { user, token } = await host({ commercialModel: "commission" });
    const [first] = await saveAccounts(token, [{ holderName: "Ada", iban: DE_IBAN, currency: "EUR" }]);
    const db = database(env.DB);
    const before = (await loadSellerDetails(db, user.id))!.bankAccounts;
    expect(before).toEqual([expect.objectContaining({ accountId: first!.id, iban: DE_IBAN, validTo: null })]);
    const paidTo = before[0]!.versionId;

    // A new IBAN under the same account: the old version stays, retired; the account keeps its id.
    const changed = await saveAccounts(token, [{ id: first!.id, holderName: "Ada", iban: GB_IBAN, currency: "GBP" }]);
    expect(changed.map((a) => a.id)).toEqual([first!.id]);
    const after = (await loadSellerDetails(db, user.id))!.bankAccounts;
    expect(after.map((v) => [v.accountId, v.iban, v.validTo === null])).toEqual([
      [first!.id, DE_IBAN, false],
      [first!.id, GB_IBAN, true],
    ]);
    expect(after[0]!.versionId).toBe(paidTo);
    expect(bankAccountAt(after, before[0]!.validFrom)?.iban).toBe(DE_IBAN);
    expect(bankAccountAt(after, new Date(Date.now() + 1000).toISOString())?.iban).toBe(GB_IBAN);

    // Another account first, made the default: the current version only moves (no new version).
    const [added, moved] = await saveAccounts(token, [
      { holderName: "Ada", iban: DE_IBAN, currency: "EUR", isDefault: true },
      { id: first!.id, holderName: "Ada", currency: "GBP" },
    ]);
    expect(moved!.id).toBe(first!.id);
    expect(moved!.isDefault).toBe(false);
    expect((await loadSellerDetails(db, user.id))!.bankAccounts).toHaveLength(3);

    // Removing an account retires its current version; the read answers the current ones only.
    const kept = await saveAccounts(token, [{ id: added!.id, holderName: "Ada", currency: "EUR" }]);
    expect(kept.map((a) => a.id)).toEqual([added!.id]);
    const listed = (await (await api(token, "GET", `${ONBOARDING}/getBankAccounts`)).json()) as { accounts: { id: string }[] };
    expect(listed.accounts.map((a) => a.id)).toEqual([added!.id]);
    const versions = (await loadSellerDetails(db, user.id))!.bankAccounts;
    expect(versions.filter((v) => v.validTo === null).map((v) => v.accountId)).toEqual([added!.id]);
    expect(versions).toHaveLength(3);
  });

  it("answers null for a user that does not exist", async () => {
    expect(await loadSellerDetails(database(env.DB), 987654321)).toBeNull();
  });
});
