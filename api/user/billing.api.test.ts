import { describe, expect, it } from "vitest";
import { api, createUser, signIn, type UserOverrides } from "@api/test/helpers";

const ONBOARDING = "/user/onboarding";
const ADDRESS = { countryCode: "DE", city: "Berlin", street: "Unter den Linden", houseNumberOrName: "1", postalCode: "10117", state: null, province: null };
const json = async <T = unknown>(response: Response) => (await response.json()) as T;

async function host(overrides: UserOverrides = {}) {
  const user = await createUser(overrides);
  const { access_token: token } = await signIn(user.email);
  return { user, token };
}

const billingOf = async (token: string) => (await json<{ billing?: { individual: unknown; business: unknown } }>(await api(token, "GET", "/shell?billing=true"))).billing;

describe("the account's billing tab with the shell", () => {
  it("answers an individual's details as getIndividualDetails does, before and after saving them", async () => {
    const { token } = await host();
    expect(await billingOf(token)).toEqual({ individual: await json(await api(token, "GET", `${ONBOARDING}/getIndividualDetails`)), business: null });
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
      vatId: "DE123456789",
    });
    expect(saved.status).toBe(200);
    const billing = await billingOf(token);
    expect(billing).toEqual({ individual: await json(await api(token, "GET", `${ONBOARDING}/getIndividualDetails`)), business: null });
    expect(billing).toMatchObject({ individual: { nationality: "GB", taxIdentifications: [{ id: "1234567890", countryIsoCode: "GB" }] } });
    // Without the parameter, nothing of it.
    expect(await json(await api(token, "GET", "/shell"))).not.toHaveProperty("billing");
  });

  it("answers a company's details as getBusinessDetails does, and never another host's", async () => {
    const { token } = await host({ type: "company", companyName: "Dune Stays GmbH" });
    expect(await billingOf(token)).toEqual({ individual: null, business: await json(await api(token, "GET", `${ONBOARDING}/getBusinessDetails`)) });
    const business = {
      legalBusinessName: "Dune Stays GmbH",
      registrationNumber: "HRB 12345",
      vatId: "DE123456789",
      userHasVatId: true,
      taxId: "3012345678",
      countryIssueTaxId: "DE",
      taxIdentifications: [{ id: "12345678901", countryIsoCode: "FR" }],
      euPermanentEstablishment: true,
      euMemberStates: ["FR", "AT"],
      address: ADDRESS,
      sameAddress: true,
      businessEmail: "office@dune.example",
      phoneNumber: "+49 30 1234567",
    };
    expect((await api(token, "POST", `${ONBOARDING}/saveBusinessDetails`, business)).status).toBe(200);
    const billing = await billingOf(token);
    expect(billing).toEqual({ individual: null, business: await json(await api(token, "GET", `${ONBOARDING}/getBusinessDetails`)) });
    expect(billing).toMatchObject({ business: { registrationNumber: "HRB 12345", euMemberStates: ["FR", "AT"] } });

    // Another company reads its own (empty) details, never these.
    const other = await host({ type: "company", companyName: "Other" });
    expect(await billingOf(other.token)).toMatchObject({ business: { registrationNumber: null, legalBusinessName: "Other", updatedAt: null } });
  });
});
