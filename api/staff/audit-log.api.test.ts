import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AUDIT_LOG_PAGE_SIZE } from "@domain/audit";
import { api, createUser, signIn } from "@api/test/helpers";

interface AuditPage {
  items: {
    id: string;
    action: string;
    createdAt: string;
    actor: { userId: string; email: string; firstName: string; lastName: string; companyName: string | null };
    host: { userId: string; email: string; companyName: string | null } | null;
    details: Record<string, unknown>;
  }[];
  pagination: { current: number; next: number };
}

async function read(token: string, query: Record<string, string>) {
  const response = await api(token, "GET", `/staff/audit-log?${new URLSearchParams(query)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AuditPage;
}

describe("staff audit log", () => {
  it("lists what staff did, newest first, with names and emails, filtered by actor, host, action and day", async () => {
    const staff = await createUser({ role: "staff" });
    const other = await createUser({ role: "staff" });
    const host = await createUser({ type: "company", companyName: "Harbour Homes Audit" });
    const { access_token } = await signIn(staff.email);
    expect((await api(access_token, "POST", "/staff/impersonation", { userId: host.publicId })).status).toBe(201);
    expect((await api(access_token, "PUT", `/staff/hosts/${host.publicId}/features/bookings`, { enabled: false })).status).toBe(200);
    expect((await api(access_token, "DELETE", "/staff/impersonation")).status).toBe(204);
    // Another staff member's acts, later (the staff tests show each route writes its row).
    const unit = `unt_${crypto.randomUUID()}`;
    const later = Date.now() + 60_000;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO properties (public_id, host_user_id, property_type, state, title) VALUES (?, ?, 'single', 'REJECTED_BY_STAFF', 'Audit Villa')").bind(`prp_${unit}`, host.id),
      env.DB.prepare("INSERT INTO property_units (public_id, property_id, host_user_id, state, title) SELECT ?, id, ?, 'REJECTED_BY_STAFF', 'Audit Suite' FROM properties WHERE public_id = ?").bind(unit, host.id, `prp_${unit}`),
      env.DB.prepare("INSERT INTO audit_log (actor_user_id, subject_user_id, action, details, created_at) VALUES (?, ?, 'feature.set', ?, ?)").bind(other.id, host.id, JSON.stringify({ feature: "b2b", enabled: true }), later),
      env.DB.prepare("INSERT INTO audit_log (actor_user_id, subject_user_id, action, details, created_at) VALUES (?, ?, 'unit.reject', ?, ?)").bind(other.id, host.id, JSON.stringify({ unitId: unit, reason: "Wrong photos" }), later + 1),
    ]);

    const byHost = await read(access_token, { host: "harbour homes audit" });
    expect(byHost.items.map((i) => [i.action, i.actor.email])).toEqual([
      ["unit.reject", other.email],
      ["feature.set", other.email],
      ["impersonation.stop", staff.email],
      ["feature.set", staff.email],
      ["impersonation.start", staff.email],
    ]);
    expect(byHost.items[0]).toMatchObject({
      actor: { userId: other.publicId, email: other.email, firstName: "Test", lastName: "Host" },
      host: { userId: host.publicId, email: host.email, companyName: "Harbour Homes Audit" },
      details: { unitId: unit, unitTitle: "Audit Suite", reason: "Wrong photos" },
    });
    expect(byHost.items[1]!.details).toEqual({ feature: "b2b", enabled: true });
    expect(Number.isNaN(Date.parse(byHost.items[0]!.createdAt))).toBe(false);
    expect(byHost.pagination).toEqual({ current: 1, next: 1 });

    const byActor = await read(access_token, { actor: staff.email, host: host.email });
    expect(byActor.items.map((i) => i.action)).toEqual(["impersonation.stop", "feature.set", "impersonation.start"]);
    const byAction = await read(access_token, { host: host.email, action: "feature.set" });
    expect(byAction.items.map((i) => i.actor.email)).toEqual([other.email, staff.email]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await read(access_token, { host: host.email, from: today })).items).toHaveLength(5);
    expect((await read(access_token, { host: host.email, to: "2020-01-01" })).items).toEqual([]);
    expect((await read(access_token, { host: host.email, from: "2999-01-01" })).items).toEqual([]);
  });

  it("is paginated and bounded", async () => {
    const staff = await createUser({ role: "staff" });
    const host = await createUser();
    const { access_token } = await signIn(staff.email);
    const base = Date.UTC(2024, 0, 10);
    await env.DB.batch(
      Array.from({ length: AUDIT_LOG_PAGE_SIZE + 2 }, (_, i) =>
        env.DB.prepare("INSERT INTO audit_log (actor_user_id, subject_user_id, action, details, created_at) VALUES (?, ?, 'feature.set', ?, ?)").bind(
          staff.id,
          host.id,
          JSON.stringify({ feature: "bookings", enabled: i % 2 === 0 }),
          base + i * 60_000,
        ),
      ),
    );
    const first = await read(access_token, { host: host.email });
    expect(first.items).toHaveLength(AUDIT_LOG_PAGE_SIZE);
    expect(first.items[0]!.createdAt).toBe(new Date(base + (AUDIT_LOG_PAGE_SIZE + 1) * 60_000).toISOString());
    expect(first.pagination).toEqual({ current: 1, next: 2 });
    const second = await read(access_token, { host: host.email, page: "2" });
    expect(second.items.map((i) => i.createdAt)).toEqual([new Date(base + 60_000).toISOString(), new Date(base).toISOString()]);
    expect(second.pagination).toEqual({ current: 2, next: 2 });
    expect((await read(access_token, { host: host.email, from: "2024-01-10", to: "2024-01-10" })).items).toHaveLength(AUDIT_LOG_PAGE_SIZE);
    expect((await read(access_token, { host: host.email, from: "2024-01-11" })).items).toEqual([]);

    for (const query of ["page=0", "page=1001", "action=teleport", "from=2024-13-45", "from=yesterday", "from=2024-02-01&to=2024-01-01", `host=${"x".repeat(101)}`]) {
      expect({ query, status: (await api(access_token, "GET", `/staff/audit-log?${query}`)).status }).toEqual({ query, status: 400 });
    }
  });

  it("does not exist for hosts", async () => {
    const staff = await createUser({ role: "staff" });
    const host = await createUser();
    await env.DB.prepare("INSERT INTO audit_log (actor_user_id, subject_user_id, action) VALUES (?, ?, 'impersonation.start')").bind(staff.id, host.id).run();
    const { access_token } = await signIn(host.email);
    const response = await api(access_token, "GET", "/staff/audit-log");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(staff.email);
  });
});
