import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { calendarStatusesOf } from "@api/calendar-verification/routes";
import { database } from "@api/db/client";
import { api, createUser, ownedRowsDigest, signIn } from "@api/test/helpers";

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

interface Verification {
  provider: string;
  providerName: string;
  status: string;
  statusLabel: string;
  isListed: boolean | null;
  url: string | null;
  failureReason: string | null;
  verifiedAt: string | null;
}

interface FieldErrorBody {
  message: string;
  errors: { field: string | null; message: string; type: string }[];
}

async function host() {
  const user = await createUser();
  const { access_token: token } = await signIn(user.email);
  return { user, token, unitId: await newUnit(token) };
}

async function newUnit(token: string): Promise<string> {
  const created = await api(token, "POST", "/properties", { propertyType: "single", title: "Harbour flat" });
  expect(created.status).toBe(201);
  return (await json<{ unitIds: string[] }>(created)).unitIds[0]!;
}

const path = (unitId: string, provider = "airbnb") => `/property-unit/${unitId}/verify-calendar/${provider}`;

async function save(token: string, unitId: string, body: unknown, provider = "airbnb") {
  const response = await api(token, "POST", `${path(unitId, provider)}/data`, body);
  expect(response.status).toBe(200);
  return json<Verification>(response);
}

async function verify(token: string, unitId: string, provider = "airbnb") {
  const response = await api(token, "GET", `${path(unitId, provider)}/verify`);
  expect(response.status).toBe(200);
  return json<Verification>(response);
}

/** A listing number nobody else uses, since every test shares the database. */
const listingNumber = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999));

describe("calendar verification configuration", () => {
  it("lists the platforms with the links they accept, and the statuses, translated", async () => {
    const { token } = await host();
    const response = await api(token, "GET", "/property-unit/verify-calendar/configuration?hl=fr_FR");
    expect(response.status).toBe(200);
    const body = await json<{ providers: { id: string; name: string; urlPatterns: { kind: string; pattern: string; flags: string; example: string }[] }[]; statuses: { id: string; label: string }[] }>(response);
    expect(body.providers.map((p) => [p.id, p.name])).toEqual([
      ["airbnb", "Airbnb"],
      ["booking_com", "Booking.com"],
      ["vrbo", "Vrbo"],
    ]);
    for (const provider of body.providers) {
      for (const u of provider.urlPatterns) expect(new RegExp(u.pattern, u.flags).test(u.example)).toBe(true);
    }
    expect(body.statuses).toEqual([
      { id: "not_started", label: "Non commencée" },
      { id: "pending", label: "En attente" },
      { id: "verified", label: "Vérifiée" },
      { id: "validated", label: "Validée" },
      { id: "failed", label: "Échouée" },
    ]);
  });
});

describe("calendar verification of a unit", () => {
  it("is not started, then pending with the link, then validated", async () => {
    const { token, unitId } = await host();
    expect(await json(await api(token, "GET", `${path(unitId)}/data`))).toEqual({
      provider: "airbnb",
      providerName: "Airbnb",
      status: "not_started",
      statusLabel: "Not started",
      isListed: null,
      url: null,
      failureReason: null,
      verifiedAt: null,
    });
    const url = `https://www.airbnb.com/rooms/${listingNumber()}`;
    const saved = await save(token, unitId, { isListed: true, url: ` ${url} ` });
    expect(saved).toMatchObject({ status: "pending", isListed: true, url, verifiedAt: null });
    expect(await json(await api(token, "GET", `${path(unitId)}/data`))).toEqual(saved);

    const verified = await verify(token, unitId);
    expect(verified).toMatchObject({ status: "validated", statusLabel: "Validated", isListed: true, url, failureReason: null });
    expect(Date.parse(verified.verifiedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await json(await api(token, "GET", `${path(unitId)}/data?hl=de_DE`))).toMatchObject({ status: "validated", statusLabel: "Bestätigt" });

    // Saving again starts over.
    expect((await save(token, unitId, { isListed: true, url })).status).toBe("pending");
    expect((await verify(token, unitId)).status).toBe("validated");
  });

  it("verifies a unit that is not listed on the platform, and ignores a link then", async () => {
    const { token, unitId } = await host();
    const saved = await save(token, unitId, { isListed: false, url: "https://www.booking.com/hotel/de/ignored.html" }, "booking_com");
    expect(saved).toMatchObject({ provider: "booking_com", status: "pending", isListed: false, url: null });
    expect(await verify(token, unitId, "booking_com")).toMatchObject({ status: "verified", isListed: false, failureReason: null });
    // Each platform has its own status.
    expect((await json<Verification>(await api(token, "GET", `${path(unitId, "vrbo")}/data`))).status).toBe("not_started");
  });

  it("requires a link of the platform when the unit is listed there", async () => {
    const { token, unitId } = await host();
    const missing = await api(token, "POST", `${path(unitId)}/data`, { isListed: true });
    expect(missing.status).toBe(400);
    expect((await json<FieldErrorBody>(missing)).errors).toEqual([{ field: "url", message: "This field is required.", type: "required" }]);

    const wrong = await api(token, "POST", `${path(unitId, "vrbo")}/data`, { isListed: true, url: "https://www.airbnb.com/rooms/12345678" });
    expect(wrong.status).toBe(400);
    expect((await json<FieldErrorBody>(wrong)).errors).toEqual([{ field: "url", message: "Enter the link of your listing or of its calendar export on Vrbo.", type: "listing_url_invalid" }]);

    const notBoolean = await api(token, "POST", `${path(unitId)}/data`, { isListed: "yes" });
    expect((await json<FieldErrorBody>(notBoolean)).errors.map((e) => `${e.field}:${e.type}`)).toEqual(["isListed:required"]);
    const extra = await api(token, "POST", `${path(unitId)}/data`, { isListed: false, status: "validated" });
    expect(extra.status).toBe(400);

    expect((await json<Verification>(await api(token, "GET", `${path(unitId)}/data`))).status).toBe("not_started");
  });

  it("fails a listing another unit has validated, of this or another host, until that unit is deleted", async () => {
    const first = await host();
    const second = await host();
    const url = `https://www.airbnb.de/rooms/${listingNumber()}?adults=2`;
    await save(first.token, first.unitId, { isListed: true, url });
    expect((await verify(first.token, first.unitId)).status).toBe("validated");

    // The same listing through another link form of the same platform.
    await save(second.token, second.unitId, { isListed: true, url: url.replace("airbnb.de/rooms/", "airbnb.com/calendar/ical/").replace("?adults=2", ".ics?s=abc") });
    expect(await verify(second.token, second.unitId)).toMatchObject({ status: "failed", failureReason: "listing_claimed", verifiedAt: null });

    const sibling = await newUnit(first.token);
    await save(first.token, sibling, { isListed: true, url });
    expect((await verify(first.token, sibling)).status).toBe("failed");

    // The first unit keeps it when it verifies again.
    expect((await verify(first.token, first.unitId)).status).toBe("validated");

    await env.DB.prepare("UPDATE property_units SET state = 'DELETED' WHERE public_id = ?").bind(first.unitId).run();
    expect(await verify(second.token, second.unitId)).toMatchObject({ status: "validated", failureReason: null });
  });

  it("needs the host's answer before it verifies", async () => {
    const { token, unitId } = await host();
    expect((await api(token, "GET", `${path(unitId)}/verify`)).status).toBe(409);
  });

  it("answers 404 for an unknown platform and for another host's unit, and changes nothing", async () => {
    const owner = await host();
    await save(owner.token, owner.unitId, { isListed: false });
    expect((await api(owner.token, "GET", `${path(owner.unitId, "expedia")}/data`)).status).toBe(404);
    expect((await api(owner.token, "POST", `${path(owner.unitId, "expedia")}/data`, { isListed: false })).status).toBe(404);
    expect((await api(owner.token, "GET", `${path(owner.unitId, "expedia")}/verify`)).status).toBe(404);

    const intruder = await host();
    const before = await ownedRowsDigest(owner.user.id);
    expect((await api(intruder.token, "GET", `${path(owner.unitId)}/data`)).status).toBe(404);
    expect((await api(intruder.token, "POST", `${path(owner.unitId)}/data`, { isListed: true, url: `https://www.airbnb.com/rooms/${listingNumber()}` })).status).toBe(404);
    expect((await api(intruder.token, "GET", `${path(owner.unitId)}/verify`)).status).toBe(404);
    expect(await ownedRowsDigest(owner.user.id)).toEqual(before);
  });
});

describe("calendar statuses of many units", () => {
  it("are read for more units than D1 binds parameters in one statement", async () => {
    const user = await createUser();
    const unitIds = Array.from({ length: 250 }, (_, i) => 1_000_000 + i);
    const statuses = await calendarStatusesOf(database(env.DB), user.id, unitIds);
    expect(statuses.size).toBe(250);
    expect(new Set(statuses.values())).toEqual(new Set(["not_started"]));
  });
});
