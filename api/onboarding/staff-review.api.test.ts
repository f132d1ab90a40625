import { createScheduledController, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, todayUtc } from "@domain/dates";
import worker from "@api/test-worker";
import { png } from "@api/test/png";
import { api, BASE, createUser, ownedRowsDigest, signIn } from "@api/test/helpers";

const ONBOARDING = "/user/onboarding";
const ADDRESS = { countryCode: "DE", city: "Berlin", street: "Unter den Linden", houseNumberOrName: "1", postalCode: "10117", state: null, province: null };
const INDIVIDUAL = { firstName: "Ada", lastName: "Lovelace", dateOfBirth: "1990-12-10", nationality: "GB", phoneNumber: "+44 20 7946 0958", address: ADDRESS, taxId: "12 345 678 901", countryIssueTaxId: "DE" };
const BUSINESS = {
  legalBusinessName: "Dune Stays GmbH",
  registrationNumber: "HRB 12345",
  vatId: "DE123456789",
  userHasVatId: true,
  taxId: "30/123/45678",
  countryIssueTaxId: "DE",
  taxIdentifications: [],
  euPermanentEstablishment: false,
  address: ADDRESS,
  principalAddress: null,
  sameAddress: true,
  businessEmail: "office@dune.example",
  accountingEmail: null,
  phoneNumber: "+49 30 1234567",
  shareholders: [],
  signatories: [{ firstName: "Ada", lastName: "Lovelace", dateOfBirth: "1990-12-10", role: "Managing director" }],
};
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

interface Status {
  status: string;
  checks: { type: string; status: string }[];
  decision: { reason: string | null; decidedAt: string | null; documentsExpireOn: string | null };
}

const cron = (at: Date) => worker.scheduled(createScheduledController({ cron: "*/15 * * * *", scheduledTime: at }), env);
const errorsOf = async (response: Response) => ((await response.json()) as { errors: { field: string | null; type: string }[] }).errors.map((e) => `${e.field}:${e.type}`);
const json = async <T>(response: Response) => (await response.json()) as T;
const checkMap = (body: { checks: { type: string; status: string }[] }) => Object.fromEntries(body.checks.map((c) => [c.type, c.status]));

async function upload(token: string, documentType: string, file: Uint8Array<ArrayBuffer>, name: string, side = "front") {
  const form = new FormData();
  form.append("file", new File([file], name));
  form.append("documentType", documentType);
  form.append("side", side);
  expect((await api(token, "POST", `${ONBOARDING}/documentUpload`, form)).status).toBe(201);
}

/** A company host on commission whose verification is complete and waits for staff. */
async function companyInReview() {
  const host = await createUser({ type: "company", companyName: "Dune Stays", commercialModel: "commission", kycApplicable: true });
  const { access_token: token } = await signIn(host.email);
  await api(token, "POST", "/user/kyc/set-start-at");
  await api(token, "POST", `${ONBOARDING}/saveBusinessDetails`, BUSINESS);
  await api(token, "POST", `${ONBOARDING}/saveIndividualDetails`, INDIVIDUAL);
  await upload(token, "commercial_register_extract", PDF, "register.pdf");
  await upload(token, "passport", png(40, 30), "passport.png");
  await api(token, "POST", `${ONBOARDING}/saveBankAccounts`, { accounts: [{ holderName: "Dune Stays GmbH", iban: "DE89370400440532013000", currency: "EUR" }] });
  await upload(token, "bank_statement", PDF, "statement.pdf");
  const status = await json<Status>(await api(token, "GET", "/user/kyc/status"));
  expect(status.status).toBe("IN_PROGRESS");
  const staff = await createUser({ role: "staff" });
  const { access_token: staffToken } = await signIn(staff.email);
  return { host, token, staffToken };
}

const passedAll = { identity: "passed", business: "passed", bank_account: "passed", documents: "passed" };

describe("staff decide on identity verification", () => {
  it("list verifications under review and show what the host submitted, documents included", async () => {
    const { host, staffToken } = await companyInReview();
    const queue = await json<{ items: { userId: string; status: string }[] }>(await api(staffToken, "GET", "/staff/verifications?status=IN_PROGRESS&page=1"));
    expect(queue.items).toContainEqual(expect.objectContaining({ userId: host.publicId, status: "IN_PROGRESS" }));
    const detail = await json<{ checks: unknown; businessDetails: { legalBusinessName: string }; bankAccounts: { iban: string }[]; documents: { id: string; kind: string; documentType: string }[] }>(
      await api(staffToken, "GET", `/staff/hosts/${host.publicId}/verification`),
    );
    expect(checkMap(detail as never)).toEqual({ identity: "pending", business: "pending", bank_account: "pending", documents: "pending" });
    expect(detail.businessDetails.legalBusinessName).toBe("Dune Stays GmbH");
    expect(detail.bankAccounts[0]!.iban).not.toContain("370400440532");
    // Each document is its own kind, for the check staff decide it with: the company's, its owner's identity, the bank's.
    expect(detail.documents.map((d) => [d.kind, d.documentType])).toEqual([
      ["company", "commercial_register_extract"],
      ["owner", "passport"],
      ["payout", "bank_statement"],
    ]);
    const statement = detail.documents.find((d) => d.documentType === "bank_statement")!;
    const file = await api(staffToken, "GET", `/staff/hosts/${host.publicId}/documents/${statement.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });

  it("complete a verification whose checks all passed; it expires on the document's expiry day (cron, idempotent)", async () => {
    const { host, token, staffToken } = await companyInReview();
    const expireOn = addDays(todayUtc(), 30);
    const decided = await api(staffToken, "POST", `/staff/hosts/${host.publicId}/verification/decision`, { checks: passedAll, documentsExpireOn: expireOn });
    expect(decided.status).toBe(200);
    const status = await json<Status>(await api(token, "GET", "/user/kyc/status"));
    expect(status.status).toBe("COMPLETED");
    expect(checkMap(status)).toEqual(passedAll);
    expect(status.decision).toMatchObject({ reason: null, documentsExpireOn: expireOn });
    // Saving data later does not reopen a completed verification.
    await api(token, "POST", `${ONBOARDING}/saveIndividualDetails`, INDIVIDUAL);
    expect((await json<Status>(await api(token, "GET", "/user/kyc/status"))).status).toBe("COMPLETED");

    await cron(new Date(`${addDays(expireOn, -1)}T23:59:00Z`));
    expect((await json<Status>(await api(token, "GET", "/user/kyc/status"))).status).toBe("COMPLETED");
    await cron(new Date(`${expireOn}T00:00:00Z`));
    expect((await json<Status>(await api(token, "GET", "/user/kyc/status"))).status).toBe("EXPIRED");
    const digest = await ownedRowsDigest(host.id);
    await cron(new Date(`${expireOn}T00:15:00Z`));
    expect(await ownedRowsDigest(host.id)).toBe(digest);
  });

  it("fail a verification with the reason the host reads; the host's corrections send it back for review", async () => {
    const { host, token, staffToken } = await companyInReview();
    const failed = await api(staffToken, "POST", `/staff/hosts/${host.publicId}/verification/decision`, { checks: { ...passedAll, identity: "failed" }, reason: "The passport photo is blurred." });
    expect(failed.status).toBe(200);
    let status = await json<Status>(await api(token, "GET", "/user/kyc/status"));
    expect(status).toMatchObject({ status: "FAILED", decision: { reason: "The passport photo is blurred." } });
    expect(checkMap(status)).toMatchObject({ identity: "failed", business: "passed" });
    // A second decision needs the verification under review again.
    expect((await api(staffToken, "POST", `/staff/hosts/${host.publicId}/verification/decision`, { checks: passedAll, documentsExpireOn: addDays(todayUtc(), 30) })).status).toBe(409);

    await upload(token, "passport", png(60, 40), "passport-sharp.png");
    status = await json<Status>(await api(token, "GET", "/user/kyc/status"));
    expect(status.status).toBe("IN_PROGRESS");
    expect(checkMap(status)).toEqual({ identity: "pending", business: "pending", bank_account: "pending", documents: "pending" });
    expect(status.decision.reason).toBeNull();
    const audit = await json<{ items: { action: string; details: { status: string } }[] }>(await api(staffToken, "GET", "/staff/audit-log?action=identity-verification.decide"));
    expect(audit.items[0]).toMatchObject({ action: "identity-verification.decide", details: { status: "FAILED" } });
  });

  it("refuse an incomplete decision with a reason per field, and leave everything as it was", async () => {
    const { host, staffToken } = await companyInReview();
    const before = await ownedRowsDigest(host.id);
    const path = `/staff/hosts/${host.publicId}/verification/decision`;
    expect(await errorsOf(await api(staffToken, "POST", path, { checks: { identity: "passed" } }))).toEqual(["checks.business:check_review_required", "checks.bank_account:check_review_required", "checks.documents:check_review_required"]);
    expect(await errorsOf(await api(staffToken, "POST", path, { checks: { ...passedAll, documents: "failed" } }))).toEqual(["reason:reason_required"]);
    expect(await errorsOf(await api(staffToken, "POST", path, { checks: passedAll }))).toEqual(["documentsExpireOn:documents_expiry_required"]);
    expect(await errorsOf(await api(staffToken, "POST", path, { checks: passedAll, documentsExpireOn: todayUtc() }))).toEqual(["documentsExpireOn:date_in_past"]);
    expect(await ownedRowsDigest(host.id)).toBe(before);
  });

  it("do not exist for hosts", async () => {
    const { host, token } = await companyInReview();
    expect((await api(token, "GET", "/staff/verifications")).status).toBe(404);
    expect((await api(token, "GET", `/staff/hosts/${host.publicId}/verification`)).status).toBe(404);
    expect((await api(token, "POST", `/staff/hosts/${host.publicId}/verification/decision`, { checks: passedAll, documentsExpireOn: addDays(todayUtc(), 30) })).status).toBe(404);
    expect((await SELF.fetch(`${BASE}/api/app/staff/verifications`)).status).toBe(401);
  });
});
