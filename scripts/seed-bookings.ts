/**
 * The demo hosts' guests (issue 13): what arrives through the public listing page
 * (`/api/public/stays/{unitId}/reservations`), the same call a guest's browser makes, with every
 * rule of the booking services (decision 027). Kept apart from seed.ts so that other demo data
 * (prices, blocks) can change beside it: a stay whose nights are taken or refused moves a week on.
 */
import type { DemoAccount } from "./demo-data.ts";
import { seedGuestReviews } from "./demo-volume.ts";

interface HostClient {
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

// Each guest with the language they speak (the public page sends the guest's; the match level counts it).
const GUESTS = [
  ["Maria", "Santos", "pt_PT"],
  ["Jonas", "Becker", "de_DE"],
  ["Chiara", "Bianchi", "it_IT"],
  ["Lucas", "Martin", "fr_FR"],
  ["Sofia", "García", "es_ES"],
  ["Emma", "de Vries", "nl_NL"],
  ["Ivan", "Horvat", "hr_HR"],
  ["Olivia", "Brown", "en_GB"],
  ["Noah", "Müller", "de_CH"],
  ["Léa", "Dubois", "fr_FR"],
  ["Tomás", "Silva", "pt_PT"],
  ["Hanna", "Nielsen", "en_GB"],
  ["Marco", "Rossi", "it_IT"],
  ["Ava", "Wilson", "en_US"],
] as const;

function isoDate(daysFromNow: number) {
  return new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

let guestIndex = 0;
function nextGuest(message?: string) {
  const [firstName, lastName, language] = GUESTS[guestIndex++ % GUESTS.length]!;
  const email = `${firstName}.${lastName}`.toLowerCase().normalize("NFD").replace(/[^a-z.]/g, "") + "@guest.example";
  return { firstName, lastName, email, phone: "+49 30 5550 1234", language, ...(message ? { message } : {}) };
}

/** A visitor's look at the unit's public listing page: its read as the page makes it on a first load, which counts the view (the insights' listing views). */
async function viewListing(origin: string, unitId: string) {
  const response = await fetch(`${origin}/api/public/stays/${unitId}?view=true`);
  if (!response.ok) throw new Error(`The demo listing ${unitId} did not answer: ${response.status} ${await response.text()}`);
  await response.body?.cancel();
}

/** Visitors who look at each listing today without booking: 12 on the first unit, 4 more on each next. */
const LOOKERS = (unitIndex: number) => 12 + unitIndex * 4;

/**
 * A guest's reservation of a stay of `nights` nights from `fromDay` days ahead, after a look at the
 * listing page (as a browser's guest books from it); when the rules or a taken night refuse it, the
 * next week is tried (up to ten times). Answers the guest's code.
 */
async function reserve(origin: string, unitId: string, intent: "book" | "ask", fromDay: number, nights: number, guests: number, message?: string): Promise<string> {
  const guest = nextGuest(message);
  await viewListing(origin, unitId);
  let last = "";
  for (let week = 0; week < 10; week++) {
    const checkIn = isoDate(fromDay + week * 7);
    const checkOut = isoDate(fromDay + week * 7 + nights);
    const response = await fetch(`${origin}/api/public/stays/${unitId}/reservations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ intent, checkIn, checkOut, guests, ...guest }),
    });
    last = await response.text();
    if (response.status === 201) return (JSON.parse(last) as { code: string }).code;
    if (response.status !== 409) break;
  }
  throw new Error(`A demo reservation of ${unitId} was refused: ${last}`);
}

/**
 * Visitors of every published unit's listing today; upcoming instant bookings on every published
 * unit; then pending requests (as many as the account names) on its last unit, which is switched to
 * booking on request while they arrive and back to instant booking after (pending requests stay
 * pending, as when a host changes the preference); and inquiries for a host on subscription who
 * takes them. Each guest looks at the listing before reserving, so the insights' conversion (bookings
 * made on the listing per view) reads as a host's would.
 */
export async function seedBookings(origin: string, host: HostClient, account: DemoAccount, publishedUnitIds: string[]) {
  if (!publishedUnitIds.length) return;
  for (const [i, unitId] of publishedUnitIds.entries()) {
    for (let n = 0; n < LOOKERS(i); n++) await viewListing(origin, unitId);
  }
  const requestUnit = publishedUnitIds.at(-1)!;
  const features = new Set(account.features);
  if (features.has("bookings")) {
    for (const [i, unitId] of publishedUnitIds.entries()) {
      for (let n = 0; n < 3; n++) await reserve(origin, unitId, "book", 9 + i * 3 + n * 25, 3 + n, 2);
    }
    if (account.pendingRequests > 0) {
      // On request for a while, with a day's notice: the first request arrives tomorrow, so it expires
      // when tomorrow begins where the unit is, the others 24 hours after they arrived (requestExpiresAt).
      const { minDaysOfNotice } = (await host.call<{ bookingPolicies: { minDaysOfNotice: number } }>("GET", `/property-unit/${requestUnit}`)).bookingPolicies;
      await host.call("POST", "/property-units/change-booking-preference", { unitIds: [requestUnit], bookingType: "onRequest" });
      await host.call("PATCH", `/property-unit/${requestUnit}`, { bookingPolicies: { minDaysOfNotice: 1 } });
      for (let i = 0; i < account.pendingRequests; i++) await reserve(origin, requestUnit, "book", i === 0 ? 1 : 14 + i * 6, 2 + (i % 4), 1 + (i % 3), i % 2 ? "Is early check-in possible?" : undefined);
      await host.call("PATCH", `/property-unit/${requestUnit}`, { bookingPolicies: { minDaysOfNotice } });
      await host.call("POST", "/property-units/change-booking-preference", { unitIds: [requestUnit], bookingType: "onLine" });
    }
  }
  if (account.commercialModel === "subscription" && features.has("inquiries")) {
    for (let i = 0; i < 3; i++) await reserve(origin, publishedUnitIds[0]!, "ask", 40 + i * 12, 4, 2, "Is the flat quiet at night, and is there a cot for a baby?");
  }
}

interface ChannelBooking {
  bookingId: string;
  code: string;
  checkIn: string;
  checkOut: string;
}

/** A stay of the history as its guest knows it: the code and email that open the guest area. */
export interface HistoryStay {
  code: string;
  email: string;
  checkOut: string;
  cancelled: boolean;
}

/**
 * A host's history from a channel manager (the channel intake API with a key the host makes): a
 * stay every three weeks or so on each unit from 18 months ago to 6 months ahead, each booked a few
 * weeks before arrival (`bookedAt`), some cancelled by the guest on the channel and some, to come,
 * by the host. Stays refused (a night taken, e.g. by a block of other demo data) are left out.
 */
export async function seedBookingHistory(origin: string, host: HostClient, account: DemoAccount, publishedUnitIds: string[]): Promise<HistoryStay[]> {
  if (!account.features.includes("bookings") || !publishedUnitIds.length) return [];
  const { secret } = await host.call<{ secret: string }>("POST", "/channel-api-keys", { name: "Channel manager" });
  const headers = (key: string) => ({ authorization: `Bearer ${secret}`, "content-type": "application/json", "idempotency-key": key });
  const made: HistoryStay[] = [];
  for (const [u, unitId] of publishedUnitIds.entries()) {
    // Past stays, and stays from three months on (the public page's demo guests come sooner).
    for (let start = -540 + u * 5, k = 0; start < 180; start += 17 + (k % 4) * 3, k++) {
      if (start > -6 && start < 90) continue;
      const nights = 2 + (k % 5);
      const reservationId = `CM-${unitId.slice(-6)}-${k}`;
      const guest = nextGuest();
      const bookedAt = new Date(Date.now() + (Math.min(start, 0) - 15 - (k % 6) * 7) * 86_400_000).toISOString();
      const response = await fetch(`${origin}/api/channel/reservations`, {
        method: "POST",
        headers: headers(`create-${reservationId}`),
        body: JSON.stringify({ unitId, reservationId, checkIn: isoDate(start), checkOut: isoDate(start + nights), guests: 1 + (k % 3), bookedAt, guest: { firstName: guest.firstName, lastName: guest.lastName, email: guest.email, language: guest.language } }),
      });
      if (response.status === 409) continue;
      if (response.status !== 201) throw new Error(`A demo channel reservation was refused: ${response.status} ${await response.text()}`);
      const booking = (await response.json()) as ChannelBooking;
      made.push({ code: booking.code, email: guest.email, checkOut: booking.checkOut, cancelled: k % 6 === 5 || (start > 0 && k % 4 === 1) });
      if (k % 6 === 5) {
        const cancelled = await fetch(`${origin}/api/channel/reservations/${reservationId}/cancel`, { method: "POST", headers: headers(`cancel-${reservationId}`), body: JSON.stringify({ cancelledBy: "guest" }) });
        if (!cancelled.ok) throw new Error(`A demo cancellation was refused: ${await cancelled.text()}`);
      } else if (start > 0 && k % 4 === 1) {
        await host.call("POST", `/bookings/${booking.bookingId}/cancel`, { reason: "PROPERTY_UNAVAILABLE", subReason: "REPAIRS" });
      }
    }
  }
  return made;
}

/** The cron's jobs once (the local Worker's /__scheduled): past stays are completed and go through review collection. */
export async function runScheduledJobs(origin: string) {
  const response = await fetch(`${origin}/__scheduled?time=${Date.now()}`);
  if (!response.ok) throw new Error(`The scheduled jobs failed: ${response.status} ${await response.text()}`);
}

/**
 * Guests' reviews of the history's stays that ended in the last 14 days (the review time of decision
 * 037; older stays' review collection ended without one): each guest writes it in the guest area's
 * API (scripts/demo-volume.ts `seedGuestReviews`), and the host answers every other one in public.
 */
export async function seedDemoReviews(origin: string, host: HostClient, history: HistoryStay[]): Promise<number> {
  const today = isoDate(0);
  const fortnightAgo = isoDate(-14);
  const reviewable = history.filter((stay) => !stay.cancelled && stay.checkOut <= today && stay.checkOut > fortnightAgo);
  return seedGuestReviews(origin, host, reviewable, (i) => (i % 2 === 0 ? "Thank you for your kind words — we hope to welcome you again!" : null));
}
