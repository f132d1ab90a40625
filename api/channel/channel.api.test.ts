import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";
import { GUEST, inDays, publicApi, publishedUnit, reserve } from "@api/test/stays";

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A host on commission with a published unit and a channel API key. */
async function channelHost() {
  const host = await createUser({ commercialModel: "commission" });
  const { unitId } = await publishedUnit(host, { nightlyPrice: 10_000 });
  const { access_token: token } = await signIn(host.email);
  const created = await api(token, "POST", "/channel-api-keys", { name: "Channel manager" });
  expect(created.status).toBe(201);
  const key = await json<{ id: string; secret: string; prefix: string }>(created);
  return { host, unitId, token, key };
}

function channel(secret: string, method: string, path: string, body?: unknown, idempotencyKey?: string) {
  return publicApi(method, `/api/channel${path}`, body, { authorization: `Bearer ${secret}`, ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) });
}

const reservation = (unitId: string, reservationId: string, from: number, nights = 3) => ({
  unitId,
  reservationId,
  checkIn: inDays(from),
  checkOut: inDays(from + nights),
  guests: 2,
  guest: { firstName: GUEST.firstName, lastName: GUEST.lastName, email: GUEST.email },
});

async function takenNights(hostId: number) {
  return (await env.DB.prepare("SELECT night FROM taken_nights WHERE host_user_id = ? ORDER BY night").bind(hostId).all<{ night: string }>()).results.map((n) => n.night);
}

describe("channel API keys", () => {
  it("answers a key's secret once, stores only its hash, lists it without the secret, and refuses it once revoked", async () => {
    const { host, unitId, token, key } = await channelHost();
    expect(key.secret).toMatch(/^shk_/);
    const stored = await env.DB.prepare("SELECT key_hash FROM channel_api_keys WHERE host_user_id = ?").bind(host.id).first<{ key_hash: string }>();
    expect(stored!.key_hash).not.toContain(key.secret);
    expect(stored!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    const list = await api(token, "GET", "/channel-api-keys");
    expect(await list.clone().text()).not.toContain(key.secret);
    expect((await json<{ items: { id: string; prefix: string }[] }>(list)).items).toEqual([expect.objectContaining({ id: key.id, prefix: key.secret.slice(0, 10) })]);

    expect((await channel(key.secret, "POST", "/reservations", reservation(unitId, "R-1", 30), "k-1")).status).toBe(201);
    expect((await api(token, "DELETE", `/channel-api-keys/${key.id}`)).status).toBe(204);
    expect((await channel(key.secret, "POST", "/reservations", reservation(unitId, "R-2", 40), "k-2")).status).toBe(401);
    expect((await channel("shk_forged", "GET", "/reservations/R-1")).status).toBe(401);
    expect((await json<{ items: unknown[] }>(await api(token, "GET", "/channel-api-keys"))).items).toEqual([]);
  });
});

describe("channel intake", () => {
  it("creates, modifies and cancels a reservation: a booking from the channel whose nights move and free up", async () => {
    const { host, unitId, token, key } = await channelHost();
    const created = await channel(key.secret, "POST", "/reservations", reservation(unitId, "R-100", 30), "create-100");
    expect(created.status).toBe(201);
    const booking = await json<{ bookingId: string; code: string }>(created);
    expect(await takenNights(host.id)).toEqual([inDays(30), inDays(31), inDays(32)]);
    const detail = await json(await api(token, "GET", `/bookings/${booking.bookingId}`));
    expect(detail).toMatchObject({ source: "smoobu", externalId: "R-100", status: "CONFIRMED", commission: { percent: 15, amount: 4_500 } });

    // The guest on the public page cannot take those nights.
    expect((await reserve(unitId, { checkIn: inDays(31), checkOut: inDays(33) })).status).toBe(409);

    const moved = await channel(key.secret, "PUT", "/reservations/R-100", { checkIn: inDays(40), checkOut: inDays(44), guests: 3 }, "modify-100");
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ checkIn: inDays(40), checkOut: inDays(44), guests: 3, totalAmount: 40_000 });
    expect(await takenNights(host.id)).toEqual([inDays(40), inDays(41), inDays(42), inDays(43)]);

    // A move onto a taken night is refused whole: the booking keeps its nights.
    await reserve(unitId, { checkIn: inDays(50), checkOut: inDays(52) });
    const refused = await channel(key.secret, "PUT", "/reservations/R-100", { checkIn: inDays(48), checkOut: inDays(51), guests: 3 }, "modify-101");
    expect(refused.status).toBe(409);
    expect(await json(await channel(key.secret, "GET", "/reservations/R-100"))).toMatchObject({ checkIn: inDays(40), checkOut: inDays(44) });
    expect(await takenNights(host.id)).toEqual([inDays(40), inDays(41), inDays(42), inDays(43), inDays(50), inDays(51)]);

    const cancelled = await channel(key.secret, "POST", "/reservations/R-100/cancel", { cancelledBy: "guest" }, "cancel-100");
    expect(await json(cancelled)).toMatchObject({ status: "CANCELLED" });
    expect(await json(await api(token, "GET", `/bookings/${booking.bookingId}`))).toMatchObject({ cancelledBy: "guest", cancellation: { role: "GUEST_VIA_EXTERNAL_SYSTEM" } });
    expect(await takenNights(host.id)).toEqual([inDays(50), inDays(51)]);
  });

  it("applies the same availability rules, names another host's unit as unknown, and takes past reservations with their booking time", async () => {
    const { host, unitId, key } = await channelHost();
    const other = await createUser({ commercialModel: "commission" });
    const theirs = await publishedUnit(other);
    expect((await channel(key.secret, "POST", "/reservations", reservation(theirs.unitId, "X-1", 30), "x-1")).status).toBe(404);
    const tooMany = await channel(key.secret, "POST", "/reservations", { ...reservation(unitId, "X-2", 30), guests: 9 }, "x-2");
    expect(tooMany.status).toBe(409);
    expect((await json<{ errors: { type: string }[] }>(tooMany)).errors.map((e) => e.type)).toEqual(["too_many_guests"]);
    expect((await channel(key.secret, "POST", "/reservations", reservation(unitId, "X-3", 30))).status).toBe(400);
    const past = await channel(key.secret, "POST", "/reservations", { ...reservation(unitId, "X-4", -60), bookedAt: new Date(Date.now() - 90 * 86_400_000).toISOString() }, "x-4");
    expect(past.status).toBe(201);
    expect(await takenNights(host.id)).toEqual([inDays(-60), inDays(-59), inDays(-58)]);
    const future = await channel(key.secret, "POST", "/reservations", { ...reservation(unitId, "X-5", 60), bookedAt: new Date(Date.now() + 86_400_000).toISOString() }, "x-5");
    expect(future.status).toBe(400);
  });

  it("answers the same key and body with the same result, 50 times at once one booking; the same key with another body 422", async () => {
    const { host, unitId, key } = await channelHost();
    const body = reservation(unitId, "R-200", 30);
    const answers = await Promise.all(Array.from({ length: 50 }, () => channel(key.secret, "POST", "/reservations", body, "same-key")));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 201));
    const codes = new Set(await Promise.all(answers.map(async (a) => (await json<{ code: string }>(a)).code)));
    expect(codes.size).toBe(1);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE host_user_id = ?").bind(host.id).first<{ n: number }>();
    expect(rows!.n).toBe(1);
    expect(await takenNights(host.id)).toHaveLength(3);

    const other = await channel(key.secret, "POST", "/reservations", { ...body, guests: 3 }, "same-key");
    expect(other.status).toBe(422);
    // A refusal is answered again too, and a new key with the same reservation id is a duplicate.
    const duplicate = await channel(key.secret, "POST", "/reservations", reservation(unitId, "R-200", 60), "other-key");
    expect(duplicate.status).toBe(409);
    expect((await channel(key.secret, "POST", "/reservations", reservation(unitId, "R-200", 60), "other-key")).status).toBe(409);
  }, 60_000);
});

describe("channel import", () => {
  it("makes many reservations at once through the same rules, each with its own result, once per key", async () => {
    const { host, unitId, key } = await channelHost();
    const other = await createUser({ commercialModel: "commission" });
    const theirs = await publishedUnit(other);
    const second = await publishedUnit(host, { nightlyPrice: 10_000 });
    const bookedAt = new Date(Date.now() - 90 * 86_400_000).toISOString();
    const body = {
      reservations: [
        { ...reservation(unitId, "I-1", -60), bookedAt },
        { ...reservation(second.unitId, "I-2", 30), guests: 9 },
        { ...reservation(unitId, "I-3", -58), bookedAt },
        reservation(theirs.unitId, "I-4", 30),
        reservation(second.unitId, "I-5", 30),
        { ...reservation(unitId, "I-6", 20), bookedAt: new Date(Date.now() + 86_400_000).toISOString() },
        reservation(unitId, "I-1", 40),
      ],
    };
    const imported = await channel(key.secret, "POST", "/reservations/import", body, "import-1");
    expect(imported.status).toBe(200);
    const result = await json<{ created: number; items: { reservationId: string; status: number; bookingId: string | null; errors?: { type: string }[] }[] }>(imported);
    expect(result.created).toBe(2);
    expect(result.items.map((i) => [i.reservationId, i.status, i.errors?.map((e) => e.type) ?? []])).toEqual([
      ["I-1", 201, []],
      ["I-2", 409, ["too_many_guests"]],
      // The first one's nights are taken: the same rule as one reservation at a time.
      ["I-3", 409, ["nights_taken"]],
      ["I-4", 404, ["unit_unknown"]],
      ["I-5", 201, []],
      ["I-6", 400, ["booked_at_in_future"]],
      ["I-1", 409, ["duplicate"]],
    ]);
    expect(await takenNights(host.id)).toEqual([inDays(-60), inDays(-59), inDays(-58), inDays(30), inDays(31), inDays(32)].sort());
    const made = await json(await channel(key.secret, "GET", "/reservations/I-5"));
    expect(made).toMatchObject({ bookingId: result.items[4]!.bookingId, status: "CONFIRMED", totalAmount: 30_000 });
    const conversations = await env.DB.prepare("SELECT count(*) AS n FROM conversations WHERE host_user_id = ?").bind(host.id).first<{ n: number }>();
    expect(conversations!.n).toBe(2);

    // The same key and body answer the same again and make nothing more; too many at once is refused.
    expect(await json(await channel(key.secret, "POST", "/reservations/import", body, "import-1"))).toEqual(result);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE host_user_id = ?").bind(host.id).first<{ n: number }>())!.n).toBe(2);
    const tooMany = { reservations: Array.from({ length: 101 }, (_, i) => reservation(unitId, `T-${i}`, 100 + i)) };
    expect((await channel(key.secret, "POST", "/reservations/import", tooMany, "import-2")).status).toBe(400);
  });

  it("keeps a unit's preparation time between the stays of one import, as between stays made one by one", async () => {
    const { host, unitId, token, key } = await channelHost();
    expect((await api(token, "PATCH", `/property-unit/${unitId}`, { bookingPolicies: { preparationTime: 1 } })).status).toBe(200);
    await channel(key.secret, "POST", "/reservations", reservation(unitId, "P-0", 50), "p-0");
    const imported = await channel(key.secret, "POST", "/reservations/import", { reservations: [reservation(unitId, "P-1", 30), reservation(unitId, "P-2", 33), reservation(unitId, "P-3", 34), reservation(unitId, "P-4", 46, 4), reservation(unitId, "P-5", 45, 4)] }, "p-import");
    const result = await json<{ items: { status: number; errors?: { type: string }[] }[] }>(imported);
    expect(result.items.map((i) => [i.status, i.errors?.map((e) => e.type) ?? []])).toEqual([
      [201, []],
      // Right after P-1's check-out: no day to prepare.
      [409, ["preparation_time"]],
      [201, []],
      // Checks out on the day P-0 (made before the import) arrives.
      [409, ["preparation_time"]],
      [201, []],
    ]);
    expect(await takenNights(host.id)).toEqual([30, 31, 32, 34, 35, 36, 45, 46, 47, 48, 50, 51, 52].map(inDays));
  });
});

describe("the API reference", () => {
  it("documents the channel intake and the public reservation beside the host API", async () => {
    const document = (await (await publicApi("GET", "/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>>; components: { securitySchemes: Record<string, { type: string; scheme?: string }> } };
    expect(Object.keys(document.paths["/api/channel/reservations/{reservationId}"] ?? {}).sort()).toEqual(["get", "put"]);
    expect(document.paths["/api/public/stays/{unitId}/reservations"]).toHaveProperty("post");
    expect(document.components.securitySchemes.channelKey).toMatchObject({ type: "http", scheme: "bearer" });
  });
});
