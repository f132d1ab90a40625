import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hostApp } from "./host-api";
import { api, createUser, databaseDigest, signIn, type TestUser } from "./test/helpers";

/**
 * Every route of the host API, called by one host with the real ids of another, answers 404 (or
 * 403) and changes nothing. Routes come from the router itself, so a new route is covered the day
 * it is added; a new kind of path parameter needs one line in `ownedIds` below, or this test fails.
 */
interface Owner {
  user: TestUser;
  bookingRequestId: string;
}

const ownedIds: Record<string, (owner: Owner) => string> = {
  userId: (o) => o.user.publicId,
  feature: () => "bookings",
  id: (o) => o.bookingRequestId,
};

const bodies: Record<string, unknown> = {
  "PATCH /api/app/user/info": { firstName: "Intruder" },
  "PUT /api/app/user/interaction": { interactions: [{ interactionType: "helpCenterTooltip", interacted: true }] },
  "POST /api/app/staff/impersonation": { userId: "__userId__" },
  "PUT /api/app/staff/hosts/:userId/features/:feature": { enabled: false },
};

function routes() {
  const seen = new Set<string>();
  return hostApp.routes
    .filter((r) => r.method !== "ALL")
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

async function makeOwner(): Promise<Owner> {
  const user = await createUser({ type: "company", companyName: "Owner Co" });
  const bookingRequestId = `brq_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO booking_requests (public_id, host_user_id, check_in, check_out, expires_at) VALUES (?, ?, '2027-02-01', '2027-02-05', ?)")
    .bind(bookingRequestId, user.id, Date.now() + 86_400_000)
    .run();
  return { user, bookingRequestId };
}

describe("cross-tenant isolation", () => {
  it("knows every path parameter of the API", () => {
    const params = new Set(routes().flatMap((r) => [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)));
    const unknown = [...params].filter((p) => !(p in ownedIds));
    expect(unknown, "add an owned id for these path parameters").toEqual([]);
  });

  for (const route of routes()) {
    // A route that names an object, or a staff route, must refuse outright; the rest act only on the caller.
    const refuses = /:\w+/.test(route.path) || route.path.startsWith("/api/app/staff");
    it(`${route.method} ${route.path} never serves or changes another host's data`, async () => {
      const owner = await makeOwner();
      const intruder = await createUser();
      const { access_token } = await signIn(intruder.email);
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(ownedIds[name]!(owner))).replace(/^\/api\/app/, "");
      const template = bodies[`${route.method} ${route.path}`];
      const body = template === undefined ? undefined : JSON.parse(JSON.stringify(template).replace("__userId__", owner.user.publicId));
      const before = await databaseDigest();
      const response = await api(access_token, route.method, path, body);
      const text = await response.text();
      const after = await databaseDigest();
      expect(refuses ? [403, 404].includes(response.status) : response.status < 500, `answered ${response.status}`).toBe(true);
      expect(text).not.toContain(owner.user.publicId);
      expect(text).not.toContain(owner.user.email);
      expect(text).not.toContain(owner.bookingRequestId);
      // The intruder may change its own rows (its own profile); never the owner's.
      const ownerRows = (digest: string) => digest.split("\n").map((table) => table.split("},{").filter((row) => row.includes(`"id":${owner.user.id},`) || row.includes(`"host_user_id":${owner.user.id}`) || row.includes(`"user_id":${owner.user.id}`)).join());
      expect(ownerRows(after)).toEqual(ownerRows(before));
    });
  }
});
