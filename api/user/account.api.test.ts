import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { png } from "@api/test/png";
import { api, createUser, ownedRowsDigest, signIn, type UserOverrides } from "@api/test/helpers";

interface FieldErrorBody {
  errors: { field: string | null; message: string; type: string }[];
}

interface Profile {
  type: string;
  aboutHost: string | null;
  hostLanguages: string[];
  phoneForGuests: string | null;
  phoneForSms: string | null;
  sendInquirySms: boolean;
  showPhoneNumberOnOffer: boolean;
  alias: string | null;
  marketingConsent: boolean;
  imageUrls: { small: string } | null;
  individual: { firstName: string; lastName: string; email: string } | null;
  company: { legalBusinessName: string; accountEmail: string } | null;
}

async function host(overrides: UserOverrides = {}) {
  const user = await createUser(overrides);
  const { access_token: token } = await signIn(user.email);
  return { user, token };
}

function imageForm(bytes: Uint8Array<ArrayBuffer>, name = "me.png", type = "image/png") {
  const form = new FormData();
  form.append("image", new File([bytes], name, { type }));
  return form;
}

describe("host profile", () => {
  it("starts empty with the account's names, then saves every field of §3 and keeps what a patch leaves out", async () => {
    const { user, token } = await host();
    const empty = (await (await api(token, "GET", "/user/profile")).json()) as Profile;
    expect(empty).toMatchObject({ type: "individual", aboutHost: null, hostLanguages: [], sendInquirySms: false, imageUrls: null, individual: { firstName: "Test", lastName: "Host", email: user.email }, company: null });
    const saved = await api(token, "PATCH", "/user/profile", {
      aboutHost: "  We love the sea.\nAsk us anything.  ",
      hostLanguages: ["de", "en", "de"],
      phone: "+49 30 1234567",
      phoneForGuests: "0049 151 2345678",
      phoneForSms: "+49 151 2345678",
      sendInquirySms: true,
      showPhoneNumberOnOffer: true,
      secondaryPhone: "+49 30 7654321",
      secondaryPhoneType: "landline",
      marketingConsent: true,
      alias: "Ada",
      firstName: "Ada",
      lastName: "Lovelace",
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      aboutHost: "We love the sea.\nAsk us anything.",
      hostLanguages: ["de", "en"],
      phone: "+49301234567",
      phoneForGuests: "+491512345678",
      sendInquirySms: true,
      alias: "Ada",
      marketingConsent: true,
      individual: { firstName: "Ada", lastName: "Lovelace", phoneNumber: "+49301234567" },
    });
    await api(token, "PATCH", "/user/profile", { marketingConsent: false });
    const read = (await (await api(token, "GET", "/user/profile")).json()) as Profile;
    expect(read).toMatchObject({ marketingConsent: false, aboutHost: "We love the sea.\nAsk us anything.", hostLanguages: ["de", "en"], sendInquirySms: true });
    expect(await (await api(token, "GET", "/user/info")).json()).toMatchObject({ firstName: "Ada", alias: "Ada", fullName: "Ada Lovelace" });
  });

  it("comes with the shell's call for the profile tab, as GET user/profile answers it, before and after saving, and only when asked", async () => {
    const { token } = await host();
    const shellProfile = async () => ((await (await api(token, "GET", "/shell?profile=true")).json()) as { profile?: Profile }).profile;
    expect(await shellProfile()).toEqual(await (await api(token, "GET", "/user/profile")).json());
    expect((await api(token, "PATCH", "/user/profile", { aboutHost: "By the sea", hostLanguages: ["fr"], alias: "Ada" })).status).toBe(200);
    const saved = await shellProfile();
    expect(saved).toEqual(await (await api(token, "GET", "/user/profile")).json());
    expect(saved).toMatchObject({ aboutHost: "By the sea", hostLanguages: ["fr"], alias: "Ada" });
    expect(await (await api(token, "GET", "/shell")).json()).not.toHaveProperty("profile");
  });

  it("a company edits its legal business name, not a person's names", async () => {
    const { token } = await host({ type: "company", companyName: "Dune" });
    const saved = await api(token, "PATCH", "/user/profile", { legalBusinessName: "Dune Stays GmbH" });
    expect(await saved.json()).toMatchObject({ type: "company", company: { legalBusinessName: "Dune Stays GmbH" }, individual: null });
    const refused = await api(token, "PATCH", "/user/profile", { firstName: "Ada" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as FieldErrorBody).errors).toEqual([{ field: "firstName", message: "This does not apply to your account.", type: "not_applicable" }]);
  });

  it("refuses bad input with 400 and a message per field, and saves nothing", async () => {
    const { user, token } = await host();
    const before = await ownedRowsDigest(user.id);
    const bad = await api(token, "PATCH", "/user/profile", { phoneForGuests: "12", hostLanguages: ["xx"], secondaryPhoneType: "pigeon", aboutHost: "x".repeat(2001) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as FieldErrorBody).errors.map((e) => [e.field, e.type]).sort()).toEqual([
      ["aboutHost", "too_long"],
      ["hostLanguages.0", "invalid_choice"],
      ["phoneForGuests", "phone_invalid"],
      ["secondaryPhoneType", "invalid_choice"],
    ]);
    const rules = await api(token, "PATCH", "/user/profile", { sendInquirySms: true, showPhoneNumberOnOffer: true, secondaryPhone: "+49 30 7654321" });
    expect(rules.status).toBe(400);
    expect(((await rules.json()) as FieldErrorBody).errors.map((e) => [e.field, e.type])).toEqual([
      ["phoneForSms", "phone_for_sms_required"],
      ["phoneForGuests", "phone_for_guests_required"],
      ["secondaryPhoneType", "required"],
    ]);
    expect((await api(token, "PATCH", "/user/profile", { unknown: 1 })).status).toBe(400);
    expect(await ownedRowsDigest(user.id)).toBe(before);
  });
});

describe("profile image", () => {
  it("stores an image checked by its bytes, serves it to its owner, replaces and deletes it", async () => {
    const { token } = await host();
    expect((await api(token, "GET", "/user/image")).status).toBe(404);
    const uploaded = await api(token, "POST", "/user/image", imageForm(png(200, 200)));
    expect(uploaded.status).toBe(200);
    const { imageUrls } = (await uploaded.json()) as { imageUrls: { small: string } };
    expect(imageUrls.small).toMatch(/^\/api\/app\/user\/image\?v=\w+$/);
    const served = await api(token, "GET", `/user/image?${imageUrls.small.split("?")[1]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(200, 200));
    expect(((await (await api(token, "GET", "/user/info")).json()) as { imageUrls: unknown }).imageUrls).toEqual(imageUrls);
    const objectsBefore = (await env.FILES.list({ prefix: "profile-images/" })).objects.length;
    const replaced = (await (await api(token, "POST", "/user/image", imageForm(png(300, 300)))).json()) as { imageUrls: { small: string } };
    expect(replaced.imageUrls.small).not.toBe(imageUrls.small);
    expect((await env.FILES.list({ prefix: "profile-images/" })).objects.length).toBe(objectsBefore);
    expect((await api(token, "DELETE", "/user/image")).status).toBe(204);
    expect((await api(token, "GET", "/user/image")).status).toBe(404);
    expect(((await (await api(token, "GET", "/user/profile")).json()) as Profile).imageUrls).toBeNull();
    expect((await env.FILES.list({ prefix: "profile-images/" })).objects.length).toBe(objectsBefore - 1);
  });

  it("refuses a file that is not an image whatever its name says, a tiny image, and no file (400)", async () => {
    const { user, token } = await host();
    const before = await ownedRowsDigest(user.id);
    const fake = await api(token, "POST", "/user/image", imageForm(new TextEncoder().encode("<svg></svg>"), "me.png"));
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as FieldErrorBody).errors).toEqual([{ field: "image", message: "Choose a JPEG, PNG or WebP image.", type: "image_type_invalid" }]);
    const tiny = await api(token, "POST", "/user/image", imageForm(png(50, 50)));
    expect(((await tiny.json()) as FieldErrorBody).errors.map((e) => e.type)).toEqual(["image_too_small"]);
    const cut = await api(token, "POST", "/user/image", imageForm(png(200, 200).slice(0, 60)));
    expect(((await cut.json()) as FieldErrorBody).errors.map((e) => e.type)).toEqual(["image_incomplete"]);
    const none = await api(token, "POST", "/user/image", new FormData());
    expect(none.status).toBe(400);
    const json = await api(token, "POST", "/user/image", { image: "x" });
    expect(json.status).toBe(415);
    expect(await ownedRowsDigest(user.id)).toBe(before);
  });

  it("serves each host only their own image", async () => {
    const owner = await host();
    await api(owner.token, "POST", "/user/image", imageForm(png(200, 200)));
    const other = await host();
    expect((await api(other.token, "GET", "/user/image")).status).toBe(404);
  });
});

describe("billing tag", () => {
  it("lets a commission host choose a hybrid tag and go back to the standard commission", async () => {
    const { token } = await host({ commercialModel: "commission" });
    const hybrid = await api(token, "PUT", "/user/billing-tag/hybrid_7/save");
    expect(hybrid.status).toBe(200);
    expect(await hybrid.json()).toMatchObject({ commercialModel: "hybrid", biddingTag: "hybrid_7", subscriptionApplicable: true });
    const standard = await api(token, "PUT", "/user/billing-tag/standard/save");
    expect(await standard.json()).toMatchObject({ commercialModel: "commission", biddingTag: null });
  });

  it("refuses subscription hosts and hosts still onboarding (403), and an unknown tag (400)", async () => {
    const subscription = await host();
    expect((await api(subscription.token, "PUT", "/user/billing-tag/hybrid_7/save")).status).toBe(403);
    const onboarding = await host({ commercialModel: "commission", onboardingStatus: "in_progress" });
    expect((await api(onboarding.token, "PUT", "/user/billing-tag/hybrid_7/save")).status).toBe(403);
    const commission = await host({ commercialModel: "commission" });
    const unknown = await api(commission.token, "PUT", "/user/billing-tag/hybrid_50/save");
    expect(unknown.status).toBe(400);
  });
});

describe("payout account history", () => {
  it("lists every version newest first, IBANs masked", async () => {
    const { token } = await host({ commercialModel: "commission" });
    expect(await (await api(token, "GET", "/user/payout-accounts/history")).json()).toEqual({ items: [] });
    const first = (await (await api(token, "POST", "/user/onboarding/saveBankAccounts", { accounts: [{ holderName: "Ada", iban: "DE89370400440532013000", currency: "EUR" }] })).json()) as { accounts: { id: string }[] };
    await api(token, "POST", "/user/onboarding/saveBankAccounts", { accounts: [{ id: first.accounts[0]!.id, holderName: "Ada", iban: "GB82WEST12345698765432", currency: "GBP" }] });
    const response = await api(token, "GET", "/user/payout-accounts/history");
    const text = await response.text();
    expect(text).not.toContain("DE89370400440532013000");
    const { items } = JSON.parse(text) as { items: { id: string; iban: string; validTo: string | null }[] };
    expect(items.map((i) => [i.id, i.iban.slice(-4), i.validTo === null])).toEqual([
      [first.accounts[0]!.id, "5432", true],
      [first.accounts[0]!.id, "3000", false],
    ]);
  });
});

describe("payout tab", () => {
  it("answers the current accounts, their earlier versions and only the bank documents, in one read", async () => {
    const { token } = await host({ commercialModel: "commission" });
    expect(await (await api(token, "GET", "/user/payout")).json()).toEqual({ accounts: [], history: [], documents: [] });
    const first = (await (await api(token, "POST", "/user/onboarding/saveBankAccounts", { accounts: [{ holderName: "Ada", iban: "DE89370400440532013000", currency: "EUR" }] })).json()) as { accounts: { id: string }[] };
    const id = first.accounts[0]!.id;
    await api(token, "POST", "/user/onboarding/saveBankAccounts", { accounts: [{ id, holderName: "Ada", iban: "GB82WEST12345698765432", currency: "GBP" }] });
    for (const documentType of ["bank_statement", "passport"]) {
      const form = new FormData();
      form.append("documentType", documentType);
      form.append("side", "front");
      form.append("file", new File([png(40, 30)], `${documentType}.png`, { type: "image/png" }));
      expect((await api(token, "POST", "/user/onboarding/documentUpload", form)).status).toBe(201);
    }
    const response = await api(token, "GET", "/user/payout");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("DE89370400440532013000");
    expect(text).not.toContain("GB82WEST12345698765432");
    const payout = JSON.parse(text) as { accounts: { id: string; iban: string; currency: string }[]; history: { id: string; iban: string; validTo: string | null }[]; documents: { documentType: string; fileName: string }[] };
    // The current version is the account; the replaced one is history, with the day it ended.
    expect(payout.accounts.map((a) => [a.id, a.iban.slice(-4), a.currency])).toEqual([[id, "5432", "GBP"]]);
    expect(payout.history.map((h) => [h.id, h.iban.slice(-4), h.validTo !== null])).toEqual([[id, "3000", true]]);
    // The identity document belongs to the verification, not to the payout tab.
    expect(payout.documents.map((d) => [d.documentType, d.fileName])).toEqual([["bank_statement", "bank_statement.png"]]);
  });
});
