import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";

const HEADER = "x-impersonate-user";

describe("staff impersonation", () => {
  it("lets staff act as a host, shows it on the user, and writes start and stop to the audit log", async () => {
    const staff = await createUser({ role: "staff" });
    const host = await createUser({ type: "company", companyName: "Harbour Homes" });
    const { access_token } = await signIn(staff.email);

    const forbidden = await api(access_token, "GET", "/user/info", undefined, { [HEADER]: host.publicId });
    expect(forbidden.status).toBe(403);

    const started = await api(access_token, "POST", "/staff/impersonation", { userId: host.publicId });
    expect(started.status).toBe(201);
    const acting = await api(access_token, "GET", "/user/info", undefined, { [HEADER]: host.publicId });
    expect(await acting.json()).toMatchObject({ userId: host.publicId, fullName: "Harbour Homes", isImpersonating: true, impersonatedBy: { userId: staff.publicId } });

    const stopped = await api(access_token, "DELETE", "/staff/impersonation");
    expect(stopped.status).toBe(204);
    const ended = await api(access_token, "GET", "/user/info", undefined, { [HEADER]: host.publicId });
    expect(ended.status).toBe(403);
    // The web app tells an ended impersonation from other refusals by its type, and drops it.
    expect(await ended.json()).toEqual({
      message: "No active impersonation of this host",
      errors: [{ field: null, message: "No active impersonation of this host", type: "impersonation_ended" }],
    });

    const audit = await env.DB.prepare("SELECT action, subject_user_id FROM audit_log WHERE actor_user_id = ? ORDER BY id").bind(staff.id).all();
    expect(audit.results).toEqual([
      { action: "impersonation.start", subject_user_id: host.id },
      { action: "impersonation.stop", subject_user_id: host.id },
    ]);
  });

  it("searches hosts, paginated, and never lists staff", async () => {
    const staff = await createUser({ role: "staff" });
    const host = await createUser();
    const { access_token } = await signIn(staff.email);
    const response = await api(access_token, "GET", `/staff/hosts?search=${encodeURIComponent(host.email)}`);
    const body = (await response.json()) as { items: { userId: string }[]; pagination: { current: number; next: number } };
    expect(body.items.map((i) => i.userId)).toEqual([host.publicId]);
    expect(body.pagination).toEqual({ current: 1, next: 1 });
    const staffSearch = await api(access_token, "GET", `/staff/hosts?search=${encodeURIComponent(staff.email)}`);
    expect(((await staffSearch.json()) as { items: unknown[] }).items).toEqual([]);
    expect((await api(access_token, "GET", "/staff/hosts?page=0")).status).toBe(400);
  });

  it("switches a host's feature and audits it", async () => {
    const staff = await createUser({ role: "staff" });
    const host = await createUser({ features: [] });
    const { access_token } = await signIn(staff.email);
    const on = await api(access_token, "PUT", `/staff/hosts/${host.publicId}/features/bookings`, { enabled: true });
    expect(on.status).toBe(200);
    const row = await env.DB.prepare("SELECT features FROM users WHERE id = ?").bind(host.id).first<{ features: string }>();
    expect(JSON.parse(row!.features)).toEqual(["bookings"]);
    expect((await api(access_token, "PUT", `/staff/hosts/${host.publicId}/features/teleport`, { enabled: true })).status).toBe(404);
    expect((await api(access_token, "PUT", `/staff/hosts/${host.publicId}/features/bookings`, { enabled: "yes" })).status).toBe(400);
  });

  it("makes identity verification apply to a host, who is then required to verify, and audits it", async () => {
    const staff = await createUser({ role: "staff" });
    const host = await createUser({ type: "company", companyName: "Harbour Homes", commercialModel: "commission" });
    const { access_token } = await signIn(staff.email);
    const on = await api(access_token, "PUT", `/staff/hosts/${host.publicId}/identity-verification`, { applicable: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ userId: host.publicId, applicable: true, status: "REQUIRED" });
    const hostToken = (await signIn(host.email)).access_token;
    expect(await (await api(hostToken, "GET", "/user/info")).json()).toMatchObject({ isKYCApplicable: true });
    // Switching it off keeps what the host's verification reached.
    const off = await api(access_token, "PUT", `/staff/hosts/${host.publicId}/identity-verification`, { applicable: false });
    expect(await off.json()).toEqual({ userId: host.publicId, applicable: false, status: "REQUIRED" });
    expect(await (await api(hostToken, "GET", "/user/info")).json()).toMatchObject({ isKYCApplicable: false });
    expect((await api(access_token, "PUT", `/staff/hosts/${host.publicId}/identity-verification`, { applicable: "yes" })).status).toBe(400);
    // The platform verifies those whose payouts it makes: hosts on commission.
    const subscriber = await createUser({ commercialModel: "subscription" });
    const refused = await api(access_token, "PUT", `/staff/hosts/${subscriber.publicId}/identity-verification`, { applicable: true });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ errors: [{ field: null, type: "identity_verification_requires_commission" }] });
    expect((await api(access_token, "PUT", "/staff/hosts/usr_nobody/identity-verification", { applicable: true })).status).toBe(404);
    expect((await api(access_token, "PUT", `/staff/hosts/${staff.publicId}/identity-verification`, { applicable: true })).status).toBe(404);
    const audit = await env.DB.prepare("SELECT action, details FROM audit_log WHERE actor_user_id = ? ORDER BY id").bind(staff.id).all();
    expect(audit.results).toEqual([
      { action: "identity-verification.set", details: JSON.stringify({ applicable: true }) },
      { action: "identity-verification.set", details: JSON.stringify({ applicable: false }) },
    ]);
  });

  it("does not exist for hosts", async () => {
    const host = await createUser();
    const other = await createUser();
    const { access_token } = await signIn(host.email);
    expect((await api(access_token, "GET", "/staff/hosts")).status).toBe(404);
    expect((await api(access_token, "POST", "/staff/impersonation", { userId: other.publicId })).status).toBe(404);
    expect((await api(access_token, "PUT", `/staff/hosts/${host.publicId}/identity-verification`, { applicable: true })).status).toBe(404);
    // A host cannot use the impersonation header either: it is ignored for non-staff.
    const self = await api(access_token, "GET", "/user/info", undefined, { [HEADER]: other.publicId });
    expect(((await self.json()) as { userId: string }).userId).toBe(host.publicId);
  });
});
