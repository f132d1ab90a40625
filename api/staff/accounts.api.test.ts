import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "@api/lib/password";
import { api, createUser, postJson, signIn } from "@api/test/helpers";
import { checkOperatorToken } from "./accounts";

const PATH = "/api/operator/staff-accounts";
const operator = { authorization: `Bearer ${env.OPERATOR_TOKEN}` };
const newEmail = () => `staff-${crypto.randomUUID()}@team.example`;
const account = (email = newEmail()) => ({ email, firstName: "Sam", lastName: "Staff", password: "a long staff password", locale: "en_GB" });

type Row = { role: string; type: string; password_hash: string; locale: string; onboarding_status: string; features: string; first_name: string };
const rowOf = (email: string) => env.DB.prepare("SELECT role, type, password_hash, locale, onboarding_status, features, first_name FROM users WHERE email = ?").bind(email).first<Row>();

describe("staff accounts through the operator's endpoint", () => {
  it("makes a staff member who signs in with the password, hashed as a host's, and acts as staff", async () => {
    const body = account();
    const created = await postJson(PATH, { ...body, email: ` ${body.email.toUpperCase()} ` }, operator);
    expect(created.status).toBe(201);
    const answer = (await created.json()) as { userId: string; email: string; role: string; locale: string };
    expect(answer).toEqual({ userId: expect.stringMatching(/^usr_/), email: body.email, firstName: "Sam", lastName: "Staff", role: "staff", locale: "en_GB" });
    const row = await rowOf(body.email);
    expect(row).toMatchObject({ role: "staff", type: "individual", locale: "en_GB", onboarding_status: "finished", features: "[]", first_name: "Sam" });
    expect(row!.password_hash).not.toContain(body.password);
    expect(await verifyPassword(body.password, row!.password_hash)).toBe(true);

    // Signed in, the staff member reaches the staff endpoints (a host does not: 404).
    const { access_token: token } = await signIn(body.email, body.password);
    const host = await createUser();
    const found = await api(token, "GET", `/staff/hosts?search=${encodeURIComponent(host.email)}`);
    expect(found.status).toBe(200);
    expect(((await found.json()) as { items: { userId: string }[] }).items.map((h) => h.userId)).toEqual([host.publicId]);
  });

  it("refuses bad input with the errors list and an email an account has, and makes nothing", async () => {
    const refused = await postJson(PATH, { email: "not an email", firstName: "", lastName: "Staff", password: "short", locale: "xx_XX" }, operator);
    expect(refused.status).toBe(400);
    const { errors } = (await refused.json()) as { errors: { field: string; type: string }[] };
    expect(errors.map((e) => [e.field, e.type])).toEqual(
      expect.arrayContaining([
        ["email", "email_invalid"],
        ["firstName", "required"],
        ["password", "password_too_short"],
        ["locale", expect.any(String)],
      ]),
    );
    expect(await rowOf("not an email")).toBeNull();

    const host = await createUser();
    const taken = await postJson(PATH, account(host.email), operator);
    expect(taken.status).toBe(400);
    expect(((await taken.json()) as { errors: { field: string; type: string }[] }).errors).toEqual([expect.objectContaining({ field: "email", type: "email_taken" })]);
    expect(await rowOf(host.email)).toMatchObject({ role: "host" });
  });

  it("answers 401 without the operator token or with a wrong one, a host's access token included, and 403 while none is configured", async () => {
    const body = account();
    expect((await postJson(PATH, body)).status).toBe(401);
    expect((await postJson(PATH, body, { authorization: `Bearer ${env.OPERATOR_TOKEN}x` })).status).toBe(401);
    const host = await createUser();
    const { access_token: hostToken } = await signIn(host.email);
    expect((await postJson(PATH, body, { authorization: `Bearer ${hostToken}` })).status).toBe(401);
    expect(await rowOf(body.email)).toBeNull();

    const request = new Request(`http://localhost${PATH}`, { method: "POST", headers: operator });
    await expect(checkOperatorToken(request, { OPERATOR_TOKEN: "" })).rejects.toMatchObject({ status: 403 });
    await expect(checkOperatorToken(request, { OPERATOR_TOKEN: env.OPERATOR_TOKEN })).resolves.toBeUndefined();
  });
});
