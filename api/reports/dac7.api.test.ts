import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newPublicId } from "@api/lib/ids";
import { api, createUser, signIn, type TestUser } from "@api/test/helpers";

/**
 * The DAC7 report (decision 035) of a host with two units at one street address and one elsewhere,
 * their bookings written as the booking services leave them.
 */

const ms = (iso: string) => Date.parse(`${iso}T10:00:00Z`);

async function property(host: TestUser, street: string, houseNumber: string, accommodationType = "apartment") {
  const id = newPublicId("prp");
  await env.DB.prepare(
    "INSERT INTO properties (public_id, host_user_id, property_type, state, title, accommodation_type, country_code, postal_code, city, street, house_number_or_name) VALUES (?, ?, 'multi', 'PUBLISHED', 'Residence', ?, 'DE', '10115', 'Berlin', ?, ?)",
  )
    .bind(id, host.id, accommodationType, street, houseNumber)
    .run();
  return id;
}

async function unit(host: TestUser, propertyId: string, title: string, registrationNumber: string | null = null) {
  const row = await env.DB.prepare("INSERT INTO property_units (public_id, property_id, host_user_id, state, title, registration_number) SELECT ?, id, ?, 'PUBLISHED', ?, ? FROM properties WHERE public_id = ? RETURNING id")
    .bind(newPublicId("unt"), host.id, title, registrationNumber, propertyId)
    .first<{ id: number }>();
  return row!.id;
}

interface BookingValues {
  checkIn: string;
  checkOut: string;
  total: number;
  commission: number;
  instalments?: { due: string; method: "online" | "on_arrival"; amount: number }[];
  bookedOn?: string;
  cancelledOn?: string;
}

async function booking(host: TestUser, unitId: number, code: string, values: BookingValues) {
  const instalments = values.instalments ?? [{ due: "booking", method: "online", amount: values.total }];
  await env.DB.prepare(
    `INSERT INTO bookings (public_id, code, host_user_id, unit_id, check_in, check_out, guest_first_name, guest_last_name, guest_email, guests, currency, total, price_breakdown,
       status, payment_plan, instalments, commission, payout, booked_at, cancelled_at, cancelled_by_role)
     VALUES (?, ?, ?, ?, ?, ?, 'Maria', 'Santos', 'maria@guest.example', 2, 'EUR', ?, '{}', ?, 'online_30_70_split', ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      newPublicId("bkg"),
      code,
      host.id,
      unitId,
      values.checkIn,
      values.checkOut,
      values.total,
      values.cancelledOn ? "CANCELLED" : "REVIEW_COLLECTED",
      JSON.stringify(instalments),
      values.commission,
      values.total - values.commission,
      ms(values.bookedOn ?? "2024-01-15"),
      values.cancelledOn ? ms(values.cancelledOn) : null,
      values.cancelledOn ? "GUEST" : null,
    )
    .run();
}

const unique = () => crypto.randomUUID().slice(0, 8).toUpperCase();

/** A host whose seller data is whole: name with a comma and quotes, address, TIN, date of birth, IBAN. */
async function reportingHost() {
  const host = await createUser({ commercialModel: "commission" });
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO host_individual_details (host_user_id, first_name, last_name, date_of_birth, nationality, phone_number, address, tax_id, country_issue_tax_id) VALUES (?, 'Zoë', ?, '1985-04-02', 'DE', '+49 30 1234567', ?, '12345678901', 'DE')",
    ).bind(host.id, 'Müller, "Jo"', JSON.stringify({ countryCode: "DE", city: "Berlin", street: "Torstraße", houseNumberOrName: "12", postalCode: "10115", state: null, province: null })),
    env.DB.prepare("INSERT INTO host_bank_accounts (public_id, host_user_id, position, holder_name, iban, currency, is_default) VALUES (?, ?, 0, 'Zoë Müller', 'DE89370400440532013000', 'EUR', 1)").bind(newPublicId("bac"), host.id),
  ]);
  const residence = await property(host, "Torstraße", "12");
  // The same street address entered again as another property: still one listing.
  const annex = await property(host, "torstraße ", "12");
  const elsewhere = await property(host, "Invalidenstraße", "3", "holiday_home");
  const loft = await unit(host, residence, 'Loft, "Sky"\nView', "REG-1");
  const studio = await unit(host, annex, "Studio", "REG-2");
  const garden = await unit(host, elsewhere, "Garden flat");
  const codes = { loft: unique(), studio: unique(), cancelled: unique(), yearEnd: unique(), garden: unique(), old: unique() };
  // 2025: the loft in May (400.00, 60.00 commission), the studio in August (200.00, 30.00).
  await booking(host, loft, codes.loft, { checkIn: "2025-05-10", checkOut: "2025-05-14", total: 40_000, commission: 6_000 });
  await booking(host, studio, codes.studio, { checkIn: "2025-08-01", checkOut: "2025-08-03", total: 20_000, commission: 3_000 });
  // The studio's stay in June cancelled on 20 April after 30 % was paid: 300.00 of 1,000.00, commission 150.00 → 45.00.
  await booking(host, studio, codes.cancelled, {
    checkIn: "2025-06-01",
    checkOut: "2025-06-08",
    total: 100_000,
    commission: 15_000,
    bookedOn: "2025-03-10",
    cancelledOn: "2025-04-20",
    instalments: [
      { due: "booking", method: "online", amount: 30_000 },
      { due: "2025-05-02", method: "online", amount: 70_000 },
    ],
  });
  // Across the year end: credited in December 2025, three nights in 2025 and two in 2026.
  await booking(host, garden, codes.yearEnd, { checkIn: "2025-12-29", checkOut: "2026-01-03", total: 50_000, commission: 7_500 });
  // 2024: one stay, cancelled.
  await booking(host, garden, codes.old, { checkIn: "2024-09-01", checkOut: "2024-09-03", total: 10_000, commission: 1_500, cancelledOn: "2024-08-01" });
  const { access_token } = await signIn(host.email);
  return { host, token: access_token, codes };
}

/**
 * A host with `count` one-night stays of 10.00 in 2024 on one flat, booked as the channel import
 * leaves them; check-in days repeat after 300, so that pages break inside a day.
 */
async function hostWithStays(count: number) {
  const host = await createUser();
  const propertyId = await property(host, "Chausseestraße", "1");
  const unitId = await unit(host, propertyId, "Flat");
  const statements = [];
  for (let i = 0; i < count; i++) {
      const day = new Date(Date.UTC(2024, 0, 1) + (i % 300) * 86_400_000).toISOString().slice(0, 10);
      const next = new Date(Date.UTC(2024, 0, 1) + ((i % 300) + 1) * 86_400_000).toISOString().slice(0, 10);
      statements.push(
        env.DB.prepare(
          `INSERT INTO bookings (public_id, code, host_user_id, unit_id, check_in, check_out, guest_first_name, guest_last_name, guest_email, guests, currency, total, price_breakdown, status, payment_plan, instalments, commission, payout, booked_at)
           VALUES (?, ?, ?, ?, ?, ?, 'A', 'B', 'a@b.example', 1, 'EUR', 1000, '{}', 'COMPLETED', 'online_100', '[]', 0, 1000, ?)`,
        ).bind(newPublicId("bkg"), `P${unique()}${i}`, host.id, unitId, day, next, ms("2023-12-01")),
      );
  }
  await env.DB.batch(statements);
  return host;
}

const lines = (csv: string) => csv.split("\r\n");
/** A listing's record of the summary at the end of the file (its activities come before it). */
const recordOf = (csv: string, listing: string) => lines(csv).findLast((line) => line.startsWith(`${listing},`));

describe("DAC7 availability", () => {
  it("lists the years with reportable activity, newest first, and what seller data is missing", async () => {
    const { token } = await reportingHost();
    const response = await api(token, "GET", "/report/dac7/availability");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ years: [2025, 2024], missingSellerData: [] });
  });

  it("a host without bookings has no years; without billing details the report names what to add", async () => {
    const host = await createUser({ type: "company", companyName: "Riviera Stays", commercialModel: "commission" });
    const { access_token } = await signIn(host.email);
    const response = await api(access_token, "GET", "/report/dac7/availability");
    expect(await response.json()).toEqual({ years: [], missingSellerData: ["primaryAddress", "taxIdentification", "businessRegistrationNumber", "vatId", "permanentEstablishments", "iban"] });
  });

  it("asks a host on a subscription for no payout account: the guests pay them, the platform pays nothing out", async () => {
    for (const [commercialModel, expected] of [
      ["subscription", ["primaryAddress", "taxIdentification", "dateOfBirth"]],
      ["commission", ["primaryAddress", "taxIdentification", "dateOfBirth", "iban"]],
    ] as const) {
      const { access_token } = await signIn((await createUser({ commercialModel })).email);
      const own = ((await (await api(access_token, "GET", "/report/dac7/availability")).json()) as { missingSellerData: string[] }).missingSellerData;
      const shell = (await (await api(access_token, "GET", "/shell?taxReport=true")).json()) as { taxReport: { missingSellerData: string[] } };
      expect({ commercialModel, own, shell: shell.taxReport.missingSellerData }).toEqual({ commercialModel, own: expected, shell: expected });
    }
  });

  it("comes with the shell's call on the tax report page as the endpoint answers it, for a host with years and one with missing seller data", async () => {
    const hosts = [(await reportingHost()).token, (await signIn((await createUser({ type: "company", companyName: "Riviera Stays" })).email)).access_token];
    for (const token of hosts) {
      const shell = (await (await api(token, "GET", "/shell?taxReport=true")).json()) as { taxReport?: unknown };
      expect(shell.taxReport).toEqual(await (await api(token, "GET", "/report/dac7/availability")).json());
    }
    expect(((await (await api(hosts[0]!, "GET", "/shell?taxReport=true")).json()) as { taxReport: { years: number[] } }).taxReport.years).toEqual([2025, 2024]);
    // Not asked for, not read.
    expect(await (await api(hosts[0]!, "GET", "/shell")).json()).not.toHaveProperty("taxReport");
  });
});

describe("DAC7 report", () => {
  it("streams the year's CSV as an attachment: the seller, each rental activity, each listing's quarters", async () => {
    const { token, codes } = await reportingHost();
    const response = await api(token, "GET", "/report/dac7/2025");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="report-2025.csv"');
    expect(response.headers.get("cache-control")).toBe("private, max-age=1");
    expect(response.headers.get("content-length")).toBeNull();
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8 with a byte order mark, so that spreadsheets read "Zoë" and "Müller" right.
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);

    expect(lines(csv)[0]).toBe("DAC7 seller's copy 2025");
    expect(csv).toContain("Seller type,Individual\r\n");
    expect(csv).toContain("First name,Zoë\r\n");
    // A comma and quotes in a name: quoted, the quotes doubled.
    expect(csv).toContain('Last name,"Müller, ""Jo"""\r\n');
    expect(csv).toContain("Date of birth,1985-04-02\r\n");
    expect(csv).toContain('Primary address,"Torstraße 12, 10115 Berlin, DE"\r\n');
    expect(csv).toContain("TIN (DE),12345678901\r\n");
    expect(csv).toContain("Financial account identifier (IBAN),DE89370400440532013000\r\n");
    // The account holder's name differs from the seller's ("Müller, \"Jo\""): it is given.
    expect(csv).toContain("Account holder,Zoë Müller\r\n");

    expect(csv).toContain("Listing,Unit,Booking code,Check-in,Check-out,Cancelled,Credited on,Quarter,Consideration,Fees and commissions,Taxes,Nights rented in 2025,Currency\r\n");
    // A line break in a unit's title stays inside its quoted cell.
    expect(csv).toContain(`L1,"Loft, ""Sky""\nView",${codes.loft},2025-05-10,2025-05-14,,2025-05-10,Q2,340.00,60.00,0.00,4,EUR\r\n`);
    expect(csv).toContain(`L1,Studio,${codes.studio},2025-08-01,2025-08-03,,2025-08-01,Q3,170.00,30.00,0.00,2,EUR\r\n`);
    expect(csv).toContain(`L2,Garden flat,${codes.yearEnd},2025-12-29,2026-01-03,,2025-12-29,Q4,425.00,75.00,0.00,3,EUR\r\n`);
    expect(csv).toContain(`L1,Studio,${codes.cancelled},2025-06-01,2025-06-08,2025-04-20,2025-04-20,Q2,255.00,45.00,0.00,0,EUR\r\n`);
    // The 2024 cancellation is not in 2025.
    expect(csv).not.toContain(codes.old);

    const header = lines(csv).find((line) => line.startsWith("Listing,Address,"));
    expect(header).toBe(
      "Listing,Address,Land registration number,Property type,Days rented,Q1 consideration,Q1 rental activities,Q1 fees and commissions,Q1 taxes,Q2 consideration,Q2 rental activities,Q2 fees and commissions,Q2 taxes,Q3 consideration,Q3 rental activities,Q3 fees and commissions,Q3 taxes,Q4 consideration,Q4 rental activities,Q4 fees and commissions,Q4 taxes,Currency",
    );
    // The property type by its English name. Two units at Torstraße 12 are one listing: 6 nights; Q2 340.00 + 255.00 in two activities, Q3 170.00.
    expect(recordOf(csv, "L1")?.replace(/^L1,/, "")).toBe('"Torstraße 12, 10115 Berlin, DE",REG-1; REG-2,Apartment,6,0.00,0,0.00,0.00,595.00,2,105.00,0.00,170.00,1,30.00,0.00,0.00,0,0.00,0.00,EUR');
    expect(lines(csv).filter((line) => line.startsWith("L2,") && line.includes("Invalidenstraße"))).toEqual([
      'L2,"Invalidenstraße 3, 10115 Berlin, DE",,Vacation home,3,0.00,0,0.00,0.00,0.00,0,0.00,0.00,0.00,0,0.00,0.00,425.00,1,75.00,0.00,EUR',
    ]);
  });

  it("a year without reportable activity is not found; a year that is not one is refused", async () => {
    const { token } = await reportingHost();
    expect((await api(token, "GET", "/report/dac7/2023")).status).toBe(404);
    expect((await api(token, "GET", "/report/dac7/1999")).status).toBe(400);
    expect((await api(token, "GET", "/report/dac7/this-year")).status).toBe(400);
  });

  it("answers a report for exactly the years the availability lists: a year of a cancellation alone, not one of stays still to come nor one before DAC7", async () => {
    const { host, token } = await reportingHost();
    // A stay checking in next year is not credited yet: no report of that year.
    const nextYear = new Date().getUTCFullYear() + 1;
    const farUnit = await unit(host, await property(host, "Linienstraße", "9"), "Attic");
    await booking(host, farUnit, unique(), { checkIn: `${nextYear}-03-01`, checkOut: `${nextYear}-03-04`, total: 30_000, commission: 4_500 });
    // Nor one before DAC7's first reporting period (2023), whose report cannot be asked for.
    await booking(host, farUnit, unique(), { checkIn: "2022-07-01", checkOut: "2022-07-04", total: 30_000, commission: 4_500, bookedOn: "2022-05-01" });
    const { years } = (await (await api(token, "GET", "/report/dac7/availability")).json()) as { years: number[] };
    // 2024 holds only a cancellation (with its payment), 2025 stays and a cancellation.
    expect(years).toEqual([2025, 2024]);
    for (let year = 2023; year <= nextYear + 1; year++) {
      const response = await api(token, "GET", `/report/dac7/${year}`);
      await response.body?.cancel();
      expect({ year, status: response.status }).toEqual({ year, status: years.includes(year) ? 200 : 404 });
    }
  });

  it("another host never gets the report: the year is theirs, and they have none", async () => {
    const { codes } = await reportingHost();
    const intruder = await createUser();
    const { access_token } = await signIn(intruder.email);
    const response = await api(access_token, "GET", "/report/dac7/2025");
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toContain(codes.loft);
    expect(text).not.toContain("Müller");
  });

  it("reads bookings page by page: a report of more bookings than one page holds has each of them once", async () => {
    // 520 stays: more than two pages (DAC7_PAGE_SIZE, 250).
    const host = await hostWithStays(520);
    const { access_token } = await signIn(host.email);
    const csv = await (await api(access_token, "GET", "/report/dac7/2024")).text();
    const activities = lines(csv).filter((line) => line.startsWith("L1,Flat,"));
    expect(activities).toHaveLength(520);
    expect(new Set(activities).size).toBe(520);
    // 520 nights; 520 activities of 10.00 each across the quarters.
    const summary = recordOf(csv, "L1")!;
    expect(summary).toMatch(/^L1,"Chausseestraße 1, 10115 Berlin, DE",,Apartment,520,/);
    // The address holds two commas: the quarters start at the eighth piece.
    const cells = summary.split(",").slice(7, 23);
    const quarters = [0, 1, 2, 3].map((q) => ({ consideration: Number(cells[q * 4]), activities: Number(cells[q * 4 + 1]) }));
    expect(quarters.reduce((sum, q) => sum + q.activities, 0)).toBe(520);
    expect(quarters.reduce((sum, q) => sum + q.consideration, 0)).toBe(5200);
  });

  it("lets the Worker's other work run while it streams: a timer set as the first bytes arrive fires before the file ends", async () => {
    // Locally D1 answers in the Worker's own thread: a stream that asked for its next page as soon as
    // the last was sent kept the runtime's event loop busy until the end, so its timers (the
    // connection's keep-alive among them) all fired at once after a long download and closed the
    // next request's connection (the 500 after a 100,000-stay report). Five pages of stays here.
    const host = await hostWithStays(1_200);
    const { access_token } = await signIn(host.email);
    const reader = (await api(access_token, "GET", "/report/dac7/2024")).body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    let firedWith: number | null = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!received) setTimeout(() => (firedWith = lines(received).filter((line) => line.startsWith("L1,Flat,")).length), 0);
      received += decoder.decode(value, { stream: true });
    }
    expect(lines(received).filter((line) => line.startsWith("L1,Flat,"))).toHaveLength(1_200);
    // The timer fired while the stays were still arriving, not after the last of them.
    expect(firedWith).not.toBeNull();
    expect(firedWith!).toBeLessThan(1_200);
  });
});
