/**
 * Hosts with many bookings for `npm run bench` (issue 16), made through the product's services only:
 * the host API (account, properties, units, photos, prices, publishing), staff's feature switch, and
 * the channel intake's import (`POST /api/channel/reservations/import`): up to 100 reservations per
 * call, each made by the same booking service and rules as one reservation
 * (`POST /api/channel/reservations`), which a channel manager uses to bring a host's history over.
 * Cancellations go through the channel's cancel endpoint, reviews through the guest's own API
 * (`POST /api/guest/session`, `POST /api/guest/review`), answers through the host API.
 *
 * - The insights host (`seed.ts --insights-host`): 21 units with 10 000 stays over the last two
 *   years (one or two nights each, back to back), one in twenty cancelled on the channel, and the
 *   stays that ended in the last 14 days reviewed by their guests.
 * - The DAC7 host (`seed.ts --dac7-host`): 275 units with a one-night stay on (almost) every night
 *   of last year, 100 000 stays, and 1 000 stays the year before, for the report's two sizes.
 */
import { DEMO_PROPERTIES } from "./demo-properties.ts";
import { encodePng } from "./png.ts";

export interface Caller {
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

export const INSIGHTS_HOST_EMAIL = "insights@demo.stayhost.example";
export const DAC7_HOST_EMAIL = "dac7@demo.stayhost.example";
/** The import's limit per call (contract/channel.ts CHANNEL_IMPORT_MAX). */
const IMPORT_BATCH = 100;
const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

let photo: Uint8Array<ArrayBuffer> | undefined;
/** One photo of the least size a listing takes, encoded once and uploaded to every unit. */
function photoForm(): FormData {
  photo ??= encodePng(1024, 683, (_x, y) => [90, 120 + Math.round((y / 683) * 60), 150]);
  const form = new FormData();
  form.append("photos", new File([photo], "photo.png", { type: "image/png" }));
  return form;
}

const FIRST_NAMES = ["Maria", "Jonas", "Chiara", "Lucas", "Sofia", "Emma", "Ivan", "Olivia", "Noah", "Léa", "Tomás", "Hanna"];
const LAST_NAMES = ["Santos", "Becker", "Bianchi", "Martin", "García", "de Vries", "Horvat", "Brown", "Müller", "Dubois", "Silva", "Nielsen"];

function guestOf(n: number) {
  const firstName = FIRST_NAMES[n % FIRST_NAMES.length]!;
  const lastName = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]!;
  const email = `${firstName}.${lastName}.${n}`.toLowerCase().normalize("NFD").replace(/[^a-z0-9.]/g, "") + "@guest.example";
  return { firstName, lastName, email };
}

interface VolumeHost {
  host: Caller;
  userId: string;
  unitIds: string[];
}

/**
 * A host on commission with `units` published units in multi-unit properties of `perProperty`
 * units, each property at its own street address (a DAC7 property listing each).
 */
async function volumeHost(signUp: (body: object) => Promise<Caller>, staff: Caller, password: string, who: { email: string; firstName: string; lastName: string; features: string[] }, units: number, perProperty: number, title: string): Promise<VolumeHost> {
  const host = await signUp({ type: "individual", firstName: who.firstName, lastName: who.lastName, email: who.email, password, locale: "en_US" });
  const { userId } = await host.call<{ userId: string }>("GET", "/user/info");
  await host.call("POST", "/user/init-onboarding", { countryCode: "DE", hostRole: "owner" });
  await host.call("PATCH", "/user/info", { commercialModel: "commission" });
  for (const feature of who.features) await staff.call("PUT", `/staff/hosts/${userId}/features/${feature}`, { enabled: true });
  // Addresses of the Berlin demo loft's street, one house number per property.
  const base = DEMO_PROPERTIES[0]!.address;
  const unitIds: string[] = [];
  for (let p = 0; unitIds.length < units; p++) {
    const created = await host.call<{ id: string; unitIds: string[] }>("POST", "/properties", { propertyType: "multi", accommodationType: "apartment", title: `${title} ${p + 1}` });
    await host.call("PUT", `/properties/${created.id}/location`, {
      location: { countryCode: base.countryCode, city: base.city, street: base.street, houseNumberOrName: String(100 + p), postalCode: base.postalCode, latitude: base.latitude, longitude: base.longitude },
    });
    const made: string[] = [];
    for (let u = 0; u < perProperty && unitIds.length + made.length < units; u++) {
      const unitTitle = `Flat ${p + 1}.${u + 1}`;
      const unitId = u === 0 ? created.unitIds[0]! : (await host.call<{ propertyUnitPublicId: string }>("POST", `/properties/${created.id}/units`, { title: unitTitle })).propertyUnitPublicId;
      await host.call("PATCH", `/property-unit/${unitId}`, {
        title: unitTitle,
        description: "A quiet flat with a balcony over the courtyard.",
        maxGuests: 4,
        propertySize: 48,
        rooms: [{ type: "bedroom", beds: [{ type: "double", count: 1 }] }, { type: "living_room", beds: [] }, { type: "bath_room", beds: [] }],
        amenities: ["wifi", "heating"],
      });
      await host.call("POST", `/property-unit/${unitId}/photos`, photoForm());
      await host.call("PATCH", `/property-unit/${unitId}/price-configuration`, { nightlyPrice: 7_000 + ((unitIds.length + made.length) % 9) * 500 });
      made.push(unitId);
    }
    const published = await host.call<{ results: { unitId: string; outcome: "done" | "refused"; errors: unknown[] }[] }>("POST", "/property-units/publish", { propertyIds: [created.id] });
    const refused = published.results.filter((r) => r.outcome !== "done");
    if (refused.length) throw new Error(`Publishing the volume host's units was refused: ${JSON.stringify(refused[0])}`);
    unitIds.push(...made);
  }
  return { host, userId, unitIds };
}

interface Stay {
  unitId: string;
  checkIn: string;
  checkOut: string;
  bookedAt: string;
}

/** Imports stays through the channel intake, IMPORT_BATCH per call; answers the reservation ids and booking codes made. */
async function importStays(origin: string, host: Caller, stays: Stay[], prefix: string, log: (line: string) => void) {
  const { secret } = await host.call<{ secret: string }>("POST", "/channel-api-keys", { name: "Channel manager (history)" });
  const made: { reservationId: string; code: string; email: string; stay: Stay }[] = [];
  const started = Date.now();
  for (let start = 0; start < stays.length; start += IMPORT_BATCH) {
    const batch = stays.slice(start, start + IMPORT_BATCH).map((stay, i) => {
      const n = start + i;
      return { ...stay, reservationId: `${prefix}-${n}`, guests: 1 + (n % 3), guest: guestOf(n) };
    });
    const response = await fetch(`${origin}/api/channel/reservations/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json", "idempotency-key": `${prefix}-import-${start}` },
      body: JSON.stringify({ reservations: batch }),
    });
    if (!response.ok) throw new Error(`The channel import answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const result = (await response.json()) as { created: number; items: { reservationId: string; status: number; code: string | null; errors?: unknown[] }[] };
    const refused = result.items.find((item) => item.status !== 201);
    if (refused) throw new Error(`The channel import refused ${refused.reservationId}: ${JSON.stringify(refused.errors)}`);
    result.items.forEach((item, i) => made.push({ reservationId: item.reservationId, code: item.code!, email: batch[i]!.guest.email, stay: stays[start + i]! }));
    if ((start / IMPORT_BATCH) % 100 === 99) log(`${made.length} stays imported (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  return { secret, made };
}

/**
 * The insights host: 21 units, 10 000 stays of one or two nights back to back over the two years up
 * to yesterday, booked 10 to 60 days ahead; one in twenty cancelled by the guest on the channel; the
 * stays that ended in the last 14 days reviewed by their guests, half of them answered by the host.
 */
export async function seedInsightsHost(origin: string, signUp: (body: object) => Promise<Caller>, staff: Caller, password: string, log: (line: string) => void) {
  const { host, unitIds } = await volumeHost(signUp, staff, password, { email: INSIGHTS_HOST_EMAIL, firstName: "Ines", lastName: "Insight", features: ["earnings"] }, 21, 7, "Canal house");
  const today = isoDay(Date.now());
  const first = addDays(today, -730);
  const stays: Stay[] = [];
  for (const [u, unitId] of unitIds.entries()) {
    for (let night = addDays(first, u % 3), k = u; stays.length < 10_000; k++) {
      const nights = 1 + (k % 2);
      const checkOut = addDays(night, nights);
      if (checkOut > today) break;
      stays.push({ unitId, checkIn: night, checkOut, bookedAt: `${addDays(night, -10 - (k % 6) * 10)}T09:00:00.000Z` });
      night = checkOut;
    }
  }
  const { secret, made } = await importStays(origin, host, stays, "INS", log);
  const cancelled = made.filter((_, i) => i % 20 === 7);
  for (const booking of cancelled) {
    const response = await fetch(`${origin}/api/channel/reservations/${booking.reservationId}/cancel`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json", "idempotency-key": `cancel-${booking.reservationId}` },
      body: JSON.stringify({ cancelledBy: "guest" }),
    });
    if (!response.ok) throw new Error(`A volume cancellation was refused: ${await response.text()}`);
  }
  const cancelledIds = new Set(cancelled.map((b) => b.reservationId));
  const reviewable = made.filter((b) => !cancelledIds.has(b.reservationId) && b.stay.checkOut > addDays(today, -14));
  const reviews = await seedGuestReviews(origin, host, reviewable, (i) => (i % 2 === 0 ? "Thank you for staying with us — come back any time!" : null));
  log(`insights host: ${made.length} stays on ${unitIds.length} units, ${cancelled.length} cancelled, ${reviews} reviews`);
}

/**
 * The DAC7 host: 275 units in eleven houses of 25, a one-night stay on every unit's night of last
 * year (the first 100 000 of them) and 1 000 stays the year before, each booked 30 days ahead.
 */
export async function seedDac7Host(origin: string, signUp: (body: object) => Promise<Caller>, staff: Caller, password: string, log: (line: string) => void) {
  const { host, unitIds } = await volumeHost(signUp, staff, password, { email: DAC7_HOST_EMAIL, firstName: "Dora", lastName: "Report", features: [] }, 275, 25, "Report house");
  log(`DAC7 host: ${unitIds.length} units published`);
  const lastYear = new Date().getUTCFullYear() - 1;
  const stays: Stay[] = [];
  const yearStays = (year: number, count: number) => {
    const days = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / DAY_MS;
    for (let u = 0, n = 0; n < count; u++) {
      for (let d = 0; d < days && n < count; d++, n++) {
        const checkIn = isoDay(Date.UTC(year, 0, 1) + d * DAY_MS);
        stays.push({ unitId: unitIds[u]!, checkIn, checkOut: addDays(checkIn, 1), bookedAt: `${addDays(checkIn, -30)}T09:00:00.000Z` });
      }
    }
  };
  yearStays(lastYear - 1, 1_000);
  yearStays(lastYear, 100_000);
  const { made } = await importStays(origin, host, stays, "D7", log);
  log(`DAC7 host: ${made.length} stays (1 000 in ${lastYear - 1}, 100 000 in ${lastYear})`);
}

/**
 * Guests review their stays (`reviewAnswer(i)` the host's public answer to the i-th, or none): each
 * guest signs in to the guest area with the booking's code and email and sends the review form's
 * fields, as `/guest/review` does; the host answers through the host API.
 */
export async function seedGuestReviews(origin: string, host: Caller, stays: { code: string; email: string }[], reviewAnswer: (i: number) => string | null): Promise<number> {
  const texts = [
    "Spotless flat, easy check-in and a quiet street. We would stay again.",
    "Great location and a friendly host. The kitchen could use a sharper knife.",
    "Exactly as in the photos. Good beds, fast wifi.",
    "A little noisy on Saturday night, otherwise lovely.",
    "",
  ];
  let made = 0;
  for (const [i, stay] of stays.entries()) {
    const session = await fetch(`${origin}/api/guest/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code: stay.code, email: stay.email }) });
    if (!session.ok) throw new Error(`The guest of ${stay.code} could not sign in: ${session.status} ${await session.text()}`);
    const { token } = (await session.json()) as { token: string };
    const rating = 5 - (i % 4 === 3 ? 1 : 0) - (i % 7 === 6 ? 1 : 0);
    const review = await fetch(`${origin}/api/guest/review`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ rating, cleanliness: rating, accuracy: 5, communication: 5, location: i % 3 === 0 ? 4 : 5, checkIn: 5, value: rating, text: texts[i % texts.length] }),
    });
    if (review.status !== 201) throw new Error(`The review of ${stay.code} was refused: ${review.status} ${await review.text()}`);
    made++;
    const answer = reviewAnswer(i);
    if (answer) {
      const { publicId } = (await review.json()) as { publicId: string };
      await host.call("POST", `/reviews/reply/${publicId}`, { text: answer });
    }
  }
  return made;
}
