import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { png } from "@api/test/png";
import { api, BASE, createUser, signIn } from "@api/test/helpers";

async function hostWithToken() {
  const host = await createUser({ onboardingStatus: "in_progress" });
  const { access_token } = await signIn(host.email);
  return { host, token: access_token };
}

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function createProperty(token: string, body: Record<string, unknown> = { propertyType: "single", accommodationType: "apartment", title: "Sea view flat" }) {
  const response = await api(token, "POST", "/properties", body);
  expect(response.status).toBe(201);
  return json<{ id: string; unitIds: string[]; propertyType: string; state: string }>(response);
}

async function uploadPhoto(token: string, unitId: string, bytes: Uint8Array<ArrayBuffer>, name = "photo.png") {
  const form = new FormData();
  form.append("photos", new File([bytes], name, { type: "image/png" }));
  return api(token, "POST", `/property-unit/${unitId}/photos`, form);
}

describe("properties", () => {
  it("creates a single-unit property with its unit, reads, patches and lists it", async () => {
    const { token } = await hostWithToken();
    const created = await createProperty(token);
    expect(created).toMatchObject({ propertyType: "single", state: "IN_PROGRESS" });
    expect(created.unitIds).toHaveLength(1);
    const patched = await api(token, "PATCH", `/properties/${created.id}`, { description: "Two rooms by the sea", restaurantDescription: "" });
    expect(await json(patched)).toMatchObject({ unitIds: created.unitIds, title: "Sea view flat", description: "Two rooms by the sea" });
    const list = await json<{ items: { id: string; status: string; isListed: string }[]; pagination: { total: number } }>(await api(token, "GET", "/property-list"));
    expect(list.items.map((i) => i.id)).toEqual([created.id]);
    expect(list.pagination.total).toBe(1);
    expect(list.items[0]).toMatchObject({ status: "IN_PROGRESS", isListed: "no" });
  });

  it("searches by title and city, and pages", async () => {
    const { token } = await hostWithToken();
    for (let i = 0; i < 22; i++) await createProperty(token, { propertyType: "single", title: `Flat ${i}` });
    const alpine = await createProperty(token, { propertyType: "multi", title: "Alpine lodge" });
    await api(token, "PUT", `/properties/${alpine.id}/location`, { location: { countryCode: "CH", city: "Zermatt", street: "Bahnhofstrasse", houseNumberOrName: "5", postalCode: "3920", stateOrProvince: "VS" } });
    const byCity = await json<{ items: { id: string }[] }>(await api(token, "GET", "/property-list?criteria%5Bsearch%5D=zermatt"));
    expect(byCity.items.map((i) => i.id)).toEqual([alpine.id]);
    const first = await json<{ items: unknown[]; pagination: { current: number; next: number; total: number } }>(await api(token, "GET", "/properties?page=1"));
    expect(first.items).toHaveLength(20);
    expect(first.pagination).toMatchObject({ current: 1, next: 2, total: 23 });
    const second = await json<{ items: unknown[]; pagination: { next: number } }>(await api(token, "GET", "/properties?page=2"));
    expect(second.items).toHaveLength(3);
    expect(second.pagination.next).toBe(2);
    expect((await api(token, "GET", "/properties?page=0")).status).toBe(400);
  });

  it("finds a city under its name in another language", async () => {
    const { token } = await hostWithToken();
    const casa = await createProperty(token, { propertyType: "single", title: "Casa azul" });
    await api(token, "PUT", `/properties/${casa.id}/location`, { location: { countryCode: "PT", city: "Lisboa", street: "Rua Augusta", houseNumberOrName: "10", postalCode: "1100-053" } });
    await createProperty(token, { propertyType: "single", title: "Harbour flat" });
    for (const search of ["Lisbon", "lissabon", "Lisboa"]) {
      const found = await json<{ items: { id: string }[] }>(await api(token, "GET", `/property-list?criteria%5Bsearch%5D=${search}`));
      expect({ search, ids: found.items.map((i) => i.id) }).toEqual({ search, ids: [casa.id] });
    }
    const none = await json<{ items: unknown[] }>(await api(token, "GET", "/property-list?criteria%5Bsearch%5D=Munich"));
    expect(none.items).toEqual([]);
  });

  it("saves a location per the country's address form, cuts state codes to three characters, and refuses an incomplete one", async () => {
    const { token } = await hostWithToken();
    const { id } = await createProperty(token);
    const saved = await api(token, "PUT", `/properties/${id}/location/save`, {
      location: { countryCode: "es", city: "Barcelona", street: "Carrer de Mallorca", houseNumberOrName: "401", postalCode: "08013", stateOrProvince: "Catalonia" },
    });
    expect(saved.status).toBe(200);
    expect((await json<{ location: Record<string, unknown> }>(saved)).location).toMatchObject({ countryCode: "ES", stateOrProvince: "CAT", city: "Barcelona" });
    const bad = await api(token, "PUT", `/properties/${id}/location`, { location: { countryCode: "DE", city: "", street: "Hauptstraße", houseNumberOrName: "", postalCode: "123" } });
    expect(bad.status).toBe(400);
    const { errors } = await json<{ errors: { field: string; type: string }[] }>(bad);
    expect(errors.map((e) => `${e.field}:${e.type}`)).toEqual(expect.arrayContaining(["location.city:required", "location.houseNumberOrName:required", "location.postalCode:postal_code_invalid"]));
    const property = await json<{ location: { city: string } }>(await api(token, "GET", `/properties/${id}`));
    expect(property.location.city).toBe("Barcelona");
    expect((await api(token, "PUT", `/properties/${id}/location/teleport`, { location: {} })).status).toBe(400);
  });

  it("deletes a property with all its units in one step", async () => {
    const { token } = await hostWithToken();
    const { id } = await createProperty(token, { propertyType: "multi", title: "Block" });
    const second = await json<{ propertyUnitPublicId: string }>(await api(token, "POST", `/properties/${id}/units`, { title: "B" }));
    expect((await api(token, "DELETE", `/properties/${id}`)).status).toBe(204);
    expect((await api(token, "GET", `/properties/${id}`)).status).toBe(404);
    expect((await api(token, "GET", `/property-unit/${second.propertyUnitPublicId}`)).status).toBe(404);
    const states = await env.DB.prepare("SELECT state FROM property_units WHERE property_id = (SELECT id FROM properties WHERE public_id = ?)").bind(id).all<{ state: string }>();
    expect(states.results.map((r) => r.state)).toEqual(["DELETED", "DELETED"]);
  });

  it("serves the configuration translated per hl, amenities with general first", async () => {
    const { token } = await hostWithToken();
    type Configuration = { propertyUnit: { amenities: { id: string; label: string }[]; paymentPreferences: { id: string; label: string }[] }; countries: { code: string; label: string }[] };
    const config = await json<Configuration>(await api(token, "GET", "/properties-configuration?hl=de_DE"));
    expect(config.propertyUnit.amenities[0]!.id).toBe("general");
    expect(config.countries.find((c) => c.code === "DE")!.label).toBe("Deutschland");
    // The payment plans' shares as each language writes a percentage: a no-break space before the sign in German, none in English.
    expect(config.propertyUnit.paymentPreferences.find((p) => p.id === "online_30_70_split")!.label).toBe("30\u00a0% online bei Buchung, 70\u00a0% online vor der Anreise");
    const english = await json<Configuration>(await api(token, "GET", "/properties-configuration?hl=en_US"));
    expect(english.propertyUnit.paymentPreferences.find((p) => p.id === "online_50")!.label).toBe("50% online at booking, 50% on site");
  });
});

describe("units", () => {
  it("a single-unit property has exactly one unit; a multi-unit one takes more", async () => {
    const { token } = await hostWithToken();
    const single = await createProperty(token);
    const refused = await api(token, "POST", `/properties/${single.id}/units`, {});
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ errors: [{ field: null, type: "single_unit_property" }] });
    const multi = await createProperty(token, { propertyType: "multi", title: "Residence" });
    expect((await api(token, "POST", `/properties/${multi.id}/units`, { title: "Studio" })).status).toBe(201);
    const units = await json<{ items: { title: string }[] }>(await api(token, "GET", `/properties/${multi.id}/units`));
    expect(units.items.map((u) => u.title)).toEqual(["", "Studio"]);
  });

  it("edits rooms, booking policies and size, and converts imperial sizes", async () => {
    const { token } = await hostWithToken();
    const [unitId] = (await createProperty(token)).unitIds;
    const response = await api(token, "PATCH", `/property-unit/${unitId}`, {
      rooms: [{ type: "bedroom", beds: [{ type: "double", count: 1 }] }, { type: "living_room", beds: [{ type: "sofa_bed", count: 1 }] }],
      bookingPolicies: { cancellationPolicy: "strict", minDaysOfNotice: 3, preparationTime: 1, checkInFrom: "16:00", houseRules: ["pets_allowed"] },
      propertySizeMeasurementUnit: "imperial",
      propertySize: 538,
      maxGuests: 4,
    });
    expect(response.status).toBe(200);
    const unit = await json<Record<string, unknown>>(response);
    expect(unit).toMatchObject({ propertySize: 538, propertySizeMeasurementUnit: "imperial", maxGuests: 4 });
    expect(unit.bookingPolicies).toMatchObject({ cancellationPolicy: "strict", minDaysOfNotice: 3, preparationTime: 1, checkInFrom: "16:00", checkInTo: "21:00", checkOutTo: "11:00" });
    const stored = await env.DB.prepare("SELECT size_square_metres FROM property_units WHERE public_id = ?").bind(unitId).first<{ size_square_metres: number }>();
    expect(stored!.size_square_metres).toBe(49.98);
  });

  it("refuses bad section input with field errors and changes nothing", async () => {
    const { token } = await hostWithToken();
    const [unitId] = (await createProperty(token)).unitIds;
    const response = await api(token, "PATCH", `/property-unit/${unitId}`, {
      maxGuests: 100,
      bookingPolicies: { minDaysOfNotice: 5, preparationTime: 3 },
      amenities: ["wifi", "teleporter"],
      title: "New title",
    });
    expect(response.status).toBe(400);
    const { errors } = await json<{ errors: { field: string }[] }>(response);
    expect(errors.map((e) => e.field)).toEqual(expect.arrayContaining(["maxGuests", "bookingPolicies.minDaysOfNotice", "bookingPolicies.preparationTime", "amenities.1"]));
    expect(await json(await api(token, "GET", `/property-unit/${unitId}`))).toMatchObject({ title: "Sea view flat", maxGuests: 2 });
    const window = await api(token, "PATCH", `/property-unit/${unitId}`, { bookingPolicies: { checkInFrom: "22:00" } });
    expect(window.status).toBe(400);
    expect((await json<{ errors: { field: string; type: string }[] }>(window)).errors[0]).toMatchObject({ field: "bookingPolicies.checkInTo", type: "check_in_window_invalid" });
  });

  it("refuses control and text-direction characters in single-line fields, keeps newlines in descriptions", async () => {
    const { token } = await hostWithToken();
    const property = await createProperty(token);
    const unitId = property.unitIds[0]!;
    type Refusal = { errors: { field: string; type: string; message: string }[] };
    for (const title of ["Villa \u202Egnp.exe", "Villa\u0000Sole", "Villa\u2066Sole\u2069", "Villa\nSole"]) {
      const response = await api(token, "PATCH", `/property-unit/${unitId}`, { title });
      expect(response.status).toBe(400);
      expect((await json<Refusal>(response)).errors).toEqual([
        { field: "title", type: "control_characters", message: "This contains invisible control or text-direction characters. Remove them and try again." },
      ]);
    }
    const propertyTitle = await api(token, "PATCH", `/properties/${property.id}`, { title: "Sea\u202Eview" });
    expect((await json<Refusal>(propertyTitle)).errors[0]).toMatchObject({ field: "title", type: "control_characters" });
    const created = await api(token, "POST", "/properties", { propertyType: "single", title: "New\u0000flat" });
    expect(created.status).toBe(400);
    const location = await api(token, "PUT", `/properties/${property.id}/location`, { location: { countryCode: "DE", city: "Kiel\u202E", street: "Hafenstraße", houseNumberOrName: "3", postalCode: "24103" } });
    expect((await json<Refusal>(location)).errors[0]).toMatchObject({ field: "location.city", type: "control_characters" });
    const registration = await api(token, "PATCH", `/property-unit/${unitId}`, { registrationNumber: "AB\u0000123" });
    expect((await json<Refusal>(registration)).errors[0]).toMatchObject({ field: "registrationNumber", type: "control_characters" });
    const name = await api(token, "PATCH", "/user/info", { firstName: "Ada\u202E" });
    expect((await json<Refusal>(name)).errors[0]).toMatchObject({ field: "firstName", type: "control_characters" });
    expect(await json(await api(token, "GET", `/property-unit/${unitId}`))).toMatchObject({ title: "Sea view flat" });

    const description = "Two rooms.\n\n\tQuiet street, sea view.";
    expect((await api(token, "PATCH", `/property-unit/${unitId}`, { description })).status).toBe(200);
    expect(await json(await api(token, "GET", `/property-unit/${unitId}`))).toMatchObject({ description });
    const nul = await api(token, "PATCH", `/property-unit/${unitId}`, { description: "Two rooms.\u0000" });
    expect((await json<Refusal>(nul)).errors[0]).toMatchObject({ field: "description", type: "control_characters" });
  });

  it("publishing names what is missing, refuses a missing registration number, and finishes onboarding on success", async () => {
    const { host, token } = await hostWithToken();
    const { id, unitIds } = await createProperty(token);
    const unitId = unitIds[0]!;
    const refused = await api(token, "PATCH", `/property-unit/${unitId}/publish`);
    expect(refused.status).toBe(409);
    expect((await json<{ errors: { type: string }[] }>(refused)).errors.map((e) => e.type)).toEqual(["publish_description", "publish_address", "publish_photos", "publish_price", "publish_subscription"]);
    await subscribe(token, unitId);
    await api(token, "PATCH", `/property-unit/${unitId}`, { description: "Bright flat" });
    expect((await api(token, "PATCH", `/property-unit/${unitId}/price-configuration`, { nightlyPrice: 9000 })).status).toBe(200);
    await api(token, "PUT", `/properties/${id}/location`, { location: { countryCode: "PT", city: "Lisboa", street: "Rua Augusta", houseNumberOrName: "10", postalCode: "1100-053" } });
    expect((await uploadPhoto(token, unitId, png(1200, 800))).status).toBe(201);
    const missingNumber = await api(token, "PATCH", `/property-unit/${unitId}/publish`);
    expect((await json<{ errors: { type: string }[] }>(missingNumber)).errors.map((e) => e.type)).toEqual(["publish_registrationNumber"]);
    const list = await json<{ items: { invalidFields: { field: string }[]; display: { kind: string } }[] }>(await api(token, "GET", "/property-list"));
    expect(list.items[0]!.invalidFields.map((f) => f.field)).toEqual(["registrationNumber"]);
    await api(token, "PATCH", `/property-unit/${unitId}/regional-requirements`, { registrationNumber: "12345/AL" });
    const published = await api(token, "PATCH", `/property-unit/${unitId}/publish`);
    expect(published.status).toBe(200);
    expect(await json(published)).toMatchObject({ state: "PUBLISHED", availableActions: ["unpublish", "delete"] });
    expect(await json(await api(token, "GET", `/properties/${id}`))).toMatchObject({ state: "PUBLISHED" });
    const user = await env.DB.prepare("SELECT onboarding_status FROM users WHERE id = ?").bind(host.id).first<{ onboarding_status: string }>();
    expect(user!.onboarding_status).toBe("finished");
    const unpublished = await api(token, "PATCH", `/property-unit/${unitId}/unpublish`);
    expect(await json(unpublished)).toMatchObject({ state: "UNPUBLISHED" });
    expect(await json(await api(token, "GET", `/properties/${id}`))).toMatchObject({ state: "UNPUBLISHED" });
  });

  it("switches booking preference for several units at once, all or nothing", async () => {
    const { token } = await hostWithToken();
    const a = (await createProperty(token)).unitIds[0]!;
    const b = (await createProperty(token)).unitIds[0]!;
    const ok = await api(token, "POST", "/property-units/change-booking-preference", { unitIds: [a, b], bookingType: "onRequest" });
    expect(await json(ok)).toMatchObject({ bookingType: "onRequest" });
    const other = await hostWithToken();
    const foreign = (await createProperty(other.token)).unitIds[0]!;
    expect((await api(token, "POST", "/property-units/change-booking-preference", { unitIds: [a, foreign], bookingType: "onLine" })).status).toBe(404);
    expect(await json(await api(token, "GET", `/property-unit/${a}`))).toMatchObject({ bookingType: "onRequest" });
  });

  it("reads a property of 500 units and switches the booking preference of all of them, though D1 binds at most 100 parameters per statement", async () => {
    const { host, token } = await hostWithToken();
    const property = await createProperty(token, { propertyType: "multi", title: "Holiday village" });
    // 499 more units straight into D1 (through the API this test would take seconds).
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 499)
       INSERT INTO property_units (public_id, property_id, host_user_id, position)
       SELECT ? || '_' || i, (SELECT id FROM properties WHERE public_id = ?), ?, i FROM n`,
    )
      .bind(property.id.replace("prp", "unt"), property.id, host.id)
      .run();
    const unitIds = (await env.DB.prepare("SELECT public_id FROM property_units WHERE host_user_id = ? ORDER BY position").bind(host.id).all<{ public_id: string }>()).results.map((r) => r.public_id);
    expect(unitIds).toHaveLength(500);
    // The property and the list read all its units' photos too.
    expect(await json(await api(token, "GET", `/properties/${property.id}`))).toMatchObject({ unitIds });
    expect(await json(await api(token, "GET", "/property-list"))).toMatchObject({ items: [{ id: property.id, unitSummary: { count: 500 } }] });
    const changed = await api(token, "POST", "/property-units/change-booking-preference", { unitIds, bookingType: "onRequest" });
    expect(changed.status).toBe(200);
    expect(new Set((await json<{ unitIds: string[] }>(changed)).unitIds)).toEqual(new Set(unitIds));
    const onRequest = await env.DB.prepare("SELECT count(*) AS n FROM property_units WHERE host_user_id = ? AND booking_type = 'onRequest'").bind(host.id).first<{ n: number }>();
    expect(onRequest!.n).toBe(500);
    // All or nothing across the whole selection: one foreign id at the end changes none of them.
    const other = await hostWithToken();
    const foreign = (await createProperty(other.token)).unitIds[0]!;
    expect((await api(token, "POST", "/property-units/change-booking-preference", { unitIds: [...unitIds.slice(0, 499), foreign], bookingType: "onLine" })).status).toBe(404);
    const still = await env.DB.prepare("SELECT count(*) AS n FROM property_units WHERE host_user_id = ? AND booking_type = 'onRequest'").bind(host.id).first<{ n: number }>();
    expect(still!.n).toBe(500);
    expect((await api(token, "POST", "/property-units/change-booking-preference", { unitIds: [...unitIds, foreign], bookingType: "onLine" })).status).toBe(400);
  });

  it("pauses and resumes the calendar", async () => {
    const { token } = await hostWithToken();
    const unitId = (await createProperty(token)).unitIds[0]!;
    expect(await json(await api(token, "POST", `/property-unit/${unitId}/calendar-action`, { status: "PAUSED" }))).toEqual({ calendarAvailability: { status: "PAUSED" } });
    expect((await api(token, "POST", `/property-unit/${unitId}/calendar-action`, { status: "SLEEPING" })).status).toBe(400);
  });
});

describe("a single-unit property and its unit", () => {
  it("share their title and description; a multi-unit property keeps its own", async () => {
    const { token } = await hostWithToken();
    const single = await createProperty(token);
    await api(token, "PATCH", `/property-unit/${single.unitIds[0]}`, { title: "Terrace flat", description: "Over the old town." });
    expect(await json(await api(token, "GET", `/properties/${single.id}`))).toMatchObject({ title: "Terrace flat", description: "Over the old town." });
    const multi = await createProperty(token, { propertyType: "multi", title: "Casa Grande" });
    await api(token, "PATCH", `/property-unit/${multi.unitIds[0]}`, { title: "Room 1" });
    expect(await json(await api(token, "GET", `/properties/${multi.id}`))).toMatchObject({ title: "Casa Grande" });
  });
});

describe("where a property is", () => {
  it("takes a country and region before the address, and starts the address afresh in a new country", async () => {
    const { token } = await hostWithToken();
    const property = await createProperty(token);
    const italy = await api(token, "PATCH", `/properties/${property.id}`, { countryCode: "it", stateOrProvince: "42" });
    expect((await json<{ location: { countryCode: string; stateOrProvince: string } }>(italy)).location).toMatchObject({ countryCode: "IT", stateOrProvince: "42" });
    const noRegion = await api(token, "PATCH", `/properties/${property.id}`, { countryCode: "IT" });
    expect((await json<{ errors: { field: string; type: string }[] }>(noRegion)).errors).toEqual([expect.objectContaining({ field: "stateOrProvince", type: "required" })]);
    const badRegion = await api(token, "PATCH", `/properties/${property.id}`, { countryCode: "IT", stateOrProvince: "99" });
    expect((await json<{ errors: { field: string; type: string }[] }>(badRegion)).errors[0]).toMatchObject({ field: "stateOrProvince", type: "region_invalid" });
    const unknown = await api(token, "PATCH", `/properties/${property.id}`, { countryCode: "XX" });
    expect((await json<{ errors: { field: string; type: string }[] }>(unknown)).errors[0]).toMatchObject({ field: "countryCode", type: "country_invalid" });

    await api(token, "PUT", `/properties/${property.id}/location`, { location: { countryCode: "IT", stateOrProvince: "42", city: "Alassio", street: "Via Roma", houseNumberOrName: "1", postalCode: "17021" } });
    const same = await json<{ location: { city: string | null } }>(await api(token, "PATCH", `/properties/${property.id}`, { countryCode: "IT", stateOrProvince: "42" }));
    expect(same.location.city).toBe("Alassio");
    const moved = await json<{ location: { countryCode: string; city: string | null; street: string | null } }>(await api(token, "PATCH", `/properties/${property.id}`, { countryCode: "DE" }));
    expect(moved.location).toMatchObject({ countryCode: "DE", city: null, street: null });
  });
});

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const storedPhotoFiles = async () => (await env.FILES.list({ prefix: "photos/" })).objects.length;

describe("photos", () => {
  it("stores a photo checked by its bytes, serves it to its owner, and refuses a too small or fake one", async () => {
    const { token } = await hostWithToken();
    const unitId = (await createProperty(token)).unitIds[0]!;
    const ok = await uploadPhoto(token, unitId, png(1200, 800));
    expect(ok.status).toBe(201);
    const [photo] = (await json<{ items: { id: string; url: string; isCover: boolean; width: number }[] }>(ok)).items;
    expect(photo).toMatchObject({ isCover: true, width: 1200 });
    const served = await api(token, "GET", `/photos/${photo!.id}`);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer()).slice(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47]));

    const small = await uploadPhoto(token, unitId, png(640, 480), "tiny.png");
    expect(small.status).toBe(400);
    expect((await json<{ errors: { type: string; message: string }[] }>(small)).errors[0]).toMatchObject({ type: "photo_too_small" });
    const fake = await uploadPhoto(token, unitId, new Uint8Array(new TextEncoder().encode("<svg/>")), "image.png");
    expect((await json<{ errors: { type: string }[] }>(fake)).errors[0]!.type).toBe("photo_type_invalid");
    const list = await json<{ items: unknown[] }>(await api(token, "GET", `/property-unit/${unitId}/photos`));
    expect(list.items).toHaveLength(1);
  });

  it("refuses a photo that is incomplete or has too many pixels, in words", async () => {
    const { token } = await hostWithToken();
    const unitId = (await createProperty(token)).unitIds[0]!;
    const whole = png(1200, 800);
    // Signature and IHDR (33 bytes), declaring 2000×1500, then IEND: 45 bytes without image data.
    const headerOnly = new Uint8Array([...whole.slice(0, 33), ...whole.slice(whole.length - 12)]);
    view(headerOnly).setUint32(16, 2000);
    view(headerOnly).setUint32(20, 1500);
    expect(headerOnly).toHaveLength(45);
    // A whole file that declares 8000×8000: 64 megapixels, 256 MB decoded.
    const huge = whole.slice();
    view(huge).setUint32(16, 8000);
    view(huge).setUint32(20, 8000);
    type Refusal = { errors: { field: string; type: string; message: string }[] };
    const incomplete = await uploadPhoto(token, unitId, headerOnly, "header.png");
    expect(incomplete.status).toBe(400);
    expect((await json<Refusal>(incomplete)).errors).toEqual([{ field: "photos.0", type: "photo_incomplete", message: "header.png is damaged or incomplete" }]);
    const cut = await uploadPhoto(token, unitId, whole.slice(0, 700), "cut.png");
    expect((await json<Refusal>(cut)).errors[0]).toMatchObject({ type: "photo_incomplete" });
    const tooMany = await uploadPhoto(token, unitId, huge, "huge.png");
    expect((await json<Refusal>(tooMany)).errors[0]).toMatchObject({ field: "photos.0", type: "photo_too_many_pixels" });
    expect((await json<{ items: unknown[] }>(await api(token, "GET", `/property-unit/${unitId}/photos`))).items).toEqual([]);
  });

  it("keeps the photo limit when uploads arrive at the same time, and stores nothing of a refused one", async () => {
    const { host, token } = await hostWithToken();
    const unitId = (await createProperty(token)).unitIds[0]!;
    const limit = 50;
    await env.DB.batch(
      Array.from({ length: limit - 2 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO unit_photos (public_id, unit_id, host_user_id, storage_key, mime_type, width, height, bytes, position, is_cover) SELECT ?, id, ?, ?, 'image/png', 1200, 800, 10, ?, ? FROM property_units WHERE public_id = ?",
        ).bind(`pho_${crypto.randomUUID()}`, host.id, `photos/existing-${i}`, i, i === 0 ? 1 : 0, unitId),
      ),
    );
    const before = await storedPhotoFiles();
    const photo = png(1200, 800);
    const responses = await Promise.all(Array.from({ length: 6 }, () => uploadPhoto(token, unitId, photo)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 400, 400, 400, 400]);
    for (const response of responses.filter((r) => r.status === 400)) expect((await json<{ errors: { type: string }[] }>(response)).errors[0]!.type).toBe("photo_limit");
    for (const response of responses.filter((r) => r.status === 201)) await response.arrayBuffer();
    const rows = await env.DB.prepare("SELECT position, is_cover FROM unit_photos WHERE unit_id = (SELECT id FROM property_units WHERE public_id = ?) ORDER BY position").bind(unitId).all<{ position: number; is_cover: number }>();
    expect(rows.results.map((r) => r.position)).toEqual(Array.from({ length: limit }, (_, i) => i));
    expect(rows.results.filter((r) => r.is_cover)).toHaveLength(1);
    expect(await storedPhotoFiles()).toBe(before + 2);
  });

  it("shows a photo to the public only while its unit is published", async () => {
    const { token } = await hostWithToken();
    const property = await createProperty(token);
    const unitId = property.unitIds[0]!;
    const photoId = (await json<{ items: { id: string }[] }>(await uploadPhoto(token, unitId, png(1200, 800)))).items[0]!.id;
    const publicPhoto = () => SELF.fetch(`${BASE}/api/public/photos/${photoId}`);
    expect((await publicPhoto()).status).toBe(404);
    await api(token, "PATCH", `/property-unit/${unitId}`, { description: "Bright rooms by the sea." });
    await api(token, "PUT", `/properties/${property.id}/location`, { location: { countryCode: "DE", city: "Kiel", street: "Hafenstraße", houseNumberOrName: "3", postalCode: "24103" } });
    await api(token, "PATCH", `/property-unit/${unitId}/price-configuration`, { nightlyPrice: 9000 });
    await subscribe(token, unitId);
    expect((await api(token, "PATCH", `/property-unit/${unitId}/publish`)).status).toBe(200);
    const shown = await publicPhoto();
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    await shown.arrayBuffer();
    expect((await api(token, "PATCH", `/property-unit/${unitId}/unpublish`)).status).toBe(200);
    expect((await publicPhoto()).status).toBe(404);
  });

  it("reorders, changes the cover, and deletes with the cover moving on", async () => {
    const { token } = await hostWithToken();
    const property = await createProperty(token);
    const unitId = property.unitIds[0]!;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await json<{ items: { id: string }[] }>(await uploadPhoto(token, unitId, png(1100 + i, 800)))).items[0]!.id);
    const reordered = await json<{ items: { id: string }[] }>(await api(token, "PUT", `/property-unit/${unitId}/photos/order`, { photoIds: [ids[2], ids[0], ids[1]] }));
    expect(reordered.items.map((p) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect((await api(token, "PUT", `/property-unit/${unitId}/photos/order`, { photoIds: [ids[0]] })).status).toBe(400);
    await api(token, "PATCH", `/property-unit/${unitId}/photos/${ids[1]}`, { isCover: true });
    // The flagged cover stands for the unit and its property in lists, though it is not the first photo.
    const coverOf = async () => ({
      unit: (await json<{ image: string | null }>(await api(token, "GET", `/property-unit/${unitId}`))).image,
      listed: (await json<{ items: { id: string; thumbnail: string | null }[] }>(await api(token, "GET", "/property-list"))).items.find((p) => p.id === property.id)?.thumbnail,
    });
    expect(await coverOf()).toEqual({ unit: expect.stringContaining(ids[1]!), listed: expect.stringContaining(ids[1]!) });
    expect((await api(token, "DELETE", `/property-unit/${unitId}/photos/${ids[1]}`)).status).toBe(204);
    expect(await coverOf()).toEqual({ unit: expect.stringContaining(ids[2]!), listed: expect.stringContaining(ids[2]!) });
    const after = await json<{ items: { id: string; isCover: boolean }[] }>(await api(token, "GET", `/property-unit/${unitId}/photos`));
    expect(after.items.map((p) => p.id)).toEqual([ids[2], ids[0]]);
    expect(after.items.filter((p) => p.isCover)).toHaveLength(1);
  });

  it("wants the upload as a multipart form with at least one file", async () => {
    const { token } = await hostWithToken();
    const unitId = (await createProperty(token)).unitIds[0]!;
    const asJson = await api(token, "POST", `/property-unit/${unitId}/photos`, { photos: [] });
    expect(asJson.status).toBe(415);
    expect(await json(asJson)).toEqual({ message: "Expected multipart/form-data with one or more `photos` files" });
    const empty = new FormData();
    empty.append("photos", new File([], ""));
    const none = await api(token, "POST", `/property-unit/${unitId}/photos`, empty);
    expect(none.status).toBe(400);
    expect((await json<{ errors: unknown[] }>(none)).errors).toEqual([{ field: "photos", message: "Choose at least one photo", type: "required" }]);
  });
});

/** A single-unit property with everything publishing needs: description, address, photo, price. */
async function readyProperty(token: string, title: string) {
  const property = await createProperty(token, { propertyType: "single", accommodationType: "apartment", title });
  const unitId = property.unitIds[0]!;
  await api(token, "PATCH", `/property-unit/${unitId}`, { description: `${title}, bright and quiet.` });
  await api(token, "PUT", `/properties/${property.id}/location`, { location: { countryCode: "DE", city: "Kiel", street: "Hafenstraße", houseNumberOrName: "3", postalCode: "24103" } });
  expect((await uploadPhoto(token, unitId, png(1200, 800))).status).toBe(201);
  expect((await api(token, "PATCH", `/property-unit/${unitId}/price-configuration`, { nightlyPrice: 9000 })).status).toBe(200);
  return { id: property.id, unitId };
}

/**
 * A subscription host publishes under a running subscription: the basic plan (one unit-publish
 * credit) or the premium plan (three), for the unit, whose calendar is verified first (the premium
 * plan's tier asks for it).
 */
async function subscribe(token: string, unitId: string, plan: "basic" | "premium" = "basic") {
  expect((await api(token, "POST", `/property-unit/${unitId}/verify-calendar/vrbo/data`, { isListed: false })).status).toBe(200);
  expect((await api(token, "GET", `/property-unit/${unitId}/verify-calendar/vrbo/verify`)).status).toBe(200);
  expect((await api(token, "POST", "/subscriptions", { planItemPriceId: `subscription-${plan}-EUR-yearly`, unitId })).status).toBe(201);
}

const errorTypes = async (response: Response) => (await json<{ errors: { type: string }[] }>(response)).errors.map((e) => e.type);

describe("Italy's national identification code (CIN)", () => {
  it("is refused unless it has the CIN's format, and kept in its normal form", async () => {
    const { token } = await hostWithToken();
    const unitId = (await createProperty(token)).unitIds[0]!;
    for (const path of [`/property-unit/${unitId}/regional-requirements`, `/property-unit/${unitId}`]) {
      const refused = await api(token, "PATCH", path, { nationalIdentificationCode: "abc" });
      expect(refused.status).toBe(400);
      expect((await json<{ errors: { field: string; type: string }[] }>(refused)).errors).toEqual([expect.objectContaining({ field: "nationalIdentificationCode", type: "national_identification_code_invalid" })]);
    }
    const saved = await api(token, "PATCH", `/property-unit/${unitId}/regional-requirements`, { nationalIdentificationCode: " it009001b4 xyz12345 " });
    expect(await json(saved)).toMatchObject({ nationalIdentificationCode: "IT009001B4XYZ12345" });
    expect(await json(await api(token, "PATCH", `/property-unit/${unitId}/regional-requirements`, { nationalIdentificationCode: "" }))).toMatchObject({ nationalIdentificationCode: null });
  });
});

describe("one rule of publishability", () => {
  it("under a running subscription, a unit needs a unit-publish credit, and publishing spends it", async () => {
    const { token } = await hostWithToken();
    const first = await readyProperty(token, "Harbour flat");
    const second = await readyProperty(token, "Garden house");
    // The basic plan has one unit-publish credit, taken by the first unit.
    expect((await api(token, "POST", "/subscriptions", { planItemPriceId: "subscription-basic-EUR-yearly", unitId: first.unitId })).status).toBe(201);
    expect(await json(await api(token, "GET", `/property-unit/${second.unitId}/publish-check`))).toMatchObject({ publishable: false, errors: [{ type: "publish_unitPublishCredits" }] });
    const refused = await api(token, "PATCH", `/property-unit/${second.unitId}/publish`);
    expect(refused.status).toBe(409);
    expect(await errorTypes(refused)).toEqual(["publish_unitPublishCredits"]);
    expect(await json(await api(token, "GET", `/property-unit/${first.unitId}/publish-check`))).toEqual({ publishable: true, errors: [] });
    expect((await api(token, "PATCH", `/property-unit/${first.unitId}/publish`)).status).toBe(200);
    // Deleting the first unit gives its credit back; publishing the second puts it under the plan.
    expect((await api(token, "DELETE", `/property-unit/${first.unitId}`)).status).toBe(204);
    expect((await api(token, "PATCH", `/property-unit/${second.unitId}/publish`)).status).toBe(200);
    expect(await json(await api(token, "GET", "/v2/user/subscription"))).toMatchObject({ subscription: { unitIds: [second.unitId] }, unitPublish: { remaining: 0 } });
  }, 20_000);

  it("a host on the subscription model needs a running subscription, named in the check, the single and the bulk publish", async () => {
    const { token } = await hostWithToken();
    const ready = await readyProperty(token, "Harbour flat");
    expect(await json(await api(token, "GET", `/property-unit/${ready.unitId}/publish-check`))).toEqual({
      publishable: false,
      errors: [expect.objectContaining({ field: null, type: "publish_subscription" })],
    });
    const refused = await api(token, "PATCH", `/property-unit/${ready.unitId}/publish`);
    expect(refused.status).toBe(409);
    expect(await errorTypes(refused)).toEqual(["publish_subscription"]);
    const bulk = await json<{ results: { outcome: string; errors: { type: string }[] }[] }>(await api(token, "POST", "/property-units/publish", { propertyIds: [ready.id] }));
    expect(bulk.results.map((r) => [r.outcome, r.errors.map((e) => e.type)])).toEqual([["refused", ["publish_subscription"]]]);
    expect(await json(await api(token, "GET", `/properties/${ready.id}`))).toMatchObject({ state: "IN_PROGRESS" });

    await subscribe(token, ready.unitId);
    expect((await api(token, "PATCH", `/property-unit/${ready.unitId}/publish`)).status).toBe(200);
  });

  it("a commission host needs no plan, but still a price", async () => {
    const host = await createUser({ commercialModel: "commission" });
    const token = (await signIn(host.email)).access_token;
    const ready = await readyProperty(token, "Dune cabin");
    await api(token, "PUT", `/property-unit/${ready.unitId}/price-configuration`, {});
    expect(await errorTypes(await api(token, "PATCH", `/property-unit/${ready.unitId}/publish`))).toEqual(["publish_price"]);
    await api(token, "PATCH", `/property-unit/${ready.unitId}/price-configuration`, { nightlyPrice: 12000 });
    expect((await api(token, "PATCH", `/property-unit/${ready.unitId}/publish`)).status).toBe(200);
  });
});

describe("bulk actions", () => {
  it("publishes and unpublishes the units of several properties in one call, a result per unit", async () => {
    const { token } = await hostWithToken();
    const ready = await readyProperty(token, "Harbour flat");
    await subscribe(token, ready.unitId, "premium");
    const bare = await createProperty(token, { propertyType: "single", accommodationType: "apartment", title: "Old mill" });
    const published = await api(token, "POST", "/property-units/publish", { propertyIds: [ready.id, bare.id] });
    expect(published.status).toBe(200);
    const { results } = await json<{ results: { propertyId: string; propertyTitle: string; unitId: string; outcome: string; errors: { type: string }[] }[] }>(published);
    expect(results).toEqual([
      expect.objectContaining({ propertyId: ready.id, propertyTitle: "Harbour flat", unitId: ready.unitId, outcome: "done", errors: [] }),
      expect.objectContaining({ propertyId: bare.id, propertyTitle: "Old mill", outcome: "refused" }),
    ]);
    expect(results[1]!.errors.map((e) => e.type)).toEqual(["publish_description", "publish_address", "publish_photos", "publish_price"]);
    expect(await json(await api(token, "GET", `/properties/${ready.id}`))).toMatchObject({ state: "PUBLISHED" });

    const unpublished = await json<{ results: { unitId: string; outcome: string; errors: { type: string }[] }[] }>(await api(token, "POST", "/property-units/unpublish", { unitIds: [ready.unitId, bare.unitIds[0]] }));
    expect(unpublished.results.map((r) => [r.unitId, r.outcome, r.errors.map((e) => e.type)])).toEqual([
      [ready.unitId, "done", []],
      [bare.unitIds[0], "refused", ["unpublish_state"]],
    ]);
    expect(await json(await api(token, "GET", `/properties/${ready.id}`))).toMatchObject({ state: "UNPUBLISHED" });
  });

  it("changes nothing when one id is not the host's, and refuses an empty or oversized selection", async () => {
    const { token } = await hostWithToken();
    const own = await readyProperty(token, "Harbour flat");
    const other = await hostWithToken();
    const foreign = await readyProperty(other.token, "Not yours");
    expect((await api(token, "POST", "/property-units/publish", { propertyIds: [own.id, foreign.id] })).status).toBe(404);
    expect((await api(token, "POST", "/property-units/publish", { unitIds: [foreign.unitId] })).status).toBe(404);
    expect((await api(token, "POST", "/properties/delete", { propertyIds: [own.id, foreign.id] })).status).toBe(404);
    expect(await json(await api(token, "GET", `/properties/${own.id}`))).toMatchObject({ state: "IN_PROGRESS" });
    expect((await api(other.token, "GET", `/properties/${foreign.id}`)).status).toBe(200);
    expect(await errorTypes(await api(token, "POST", "/property-units/publish", {}))).toEqual(["selection_empty"]);
    expect(await errorTypes(await api(token, "POST", "/properties/delete", { propertyIds: [] }))).toEqual(["selection_empty"]);
    expect((await api(token, "POST", "/property-units/publish", { unitIds: Array.from({ length: 91 }, (_, i) => `unt_${i}`) })).status).toBe(400);
  }, 20_000);

  it("deletes several properties with all their units in one call, naming each by title", async () => {
    const { token } = await hostWithToken();
    const a = await createProperty(token, { propertyType: "single", title: "Harbour flat" });
    const b = await createProperty(token, { propertyType: "multi", title: "Residence" });
    const deleted = await api(token, "POST", "/properties/delete", { propertyIds: [a.id, b.id, a.id] });
    expect(deleted.status).toBe(200);
    expect((await json<{ results: unknown[] }>(deleted)).results).toEqual([
      { propertyId: a.id, propertyTitle: "Harbour flat", outcome: "done" },
      { propertyId: b.id, propertyTitle: "Residence", outcome: "done" },
    ]);
    expect((await api(token, "GET", `/properties/${a.id}`)).status).toBe(404);
    expect((await api(token, "GET", `/property-unit/${b.unitIds[0]}`)).status).toBe(404);
  });
});

describe("staff rejection", () => {
  it("staff reject a unit with a reason the host then sees", async () => {
    const { token } = await hostWithToken();
    const { id, unitIds } = await createProperty(token);
    const staff = await createUser({ role: "staff" });
    const staffToken = (await signIn(staff.email)).access_token;
    const rejected = await api(staffToken, "POST", `/staff/units/${unitIds[0]}/reject`, { reason: "Photos show a different flat" });
    expect(rejected.status).toBe(200);
    const list = await json<{ items: { id: string; status: string; rejectionReason: string; display: { kind: string; rejected: boolean } }[] }>(await api(token, "GET", "/property-list"));
    expect(list.items.find((i) => i.id === id)).toMatchObject({ status: "REJECTED_BY_STAFF", rejectionReason: "Photos show a different flat", display: { kind: "actionNeeded", rejected: true } });
  });
});
