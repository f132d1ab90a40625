import { describe, expect, it } from "vitest";
import {
  activityOf,
  addActivity,
  csvRecord,
  decimalAmount,
  emptyListingTotals,
  listingKeyOf,
  missingSellerData,
  nightsInYear,
  paidBeforeCancellation,
  quarterOf,
  stayWindow,
  type Dac7Booking,
  type Dac7Seller,
} from "./dac7";

const booking = (values: Partial<Dac7Booking>): Dac7Booking => ({
  status: "COMPLETED",
  checkIn: "2025-05-10",
  checkOut: "2025-05-14",
  bookedOn: "2025-03-01",
  total: 40_000,
  commission: 6_000,
  instalments: [{ due: "booking", method: "online", amount: 40_000 }],
  cancelledOn: null,
  ...values,
});

describe("quarterOf", () => {
  it("puts each day in its calendar quarter", () => {
    expect(quarterOf("2025-01-01")).toBe(1);
    expect(quarterOf("2025-03-31")).toBe(1);
    expect(quarterOf("2025-04-01")).toBe(2);
    expect(quarterOf("2025-06-30")).toBe(2);
    expect(quarterOf("2025-07-01")).toBe(3);
    expect(quarterOf("2025-09-30")).toBe(3);
    expect(quarterOf("2025-10-01")).toBe(4);
    expect(quarterOf("2025-12-31")).toBe(4);
  });
});

describe("a stay that was not cancelled", () => {
  it("is credited whole on its check-in day, less the commission, in that quarter", () => {
    // 400.00 paid, 60.00 commission: 340.00 credited on 10 May, the second quarter; 4 nights.
    expect(activityOf(booking({}), 2025, "2026-02-01")).toEqual({ creditedOn: "2025-05-10", quarter: 2, consideration: 34_000, fees: 6_000, taxes: 0, nights: 4 });
  });

  it("across a year end: credited in the year it starts, its nights in the year each falls in", () => {
    // 29, 30 and 31 December 2025, then 1 and 2 January 2026.
    const stay = booking({ checkIn: "2025-12-29", checkOut: "2026-01-03", total: 50_000, commission: 7_500 });
    expect(activityOf(stay, 2025, "2026-06-01")).toEqual({ creditedOn: "2025-12-29", quarter: 4, consideration: 42_500, fees: 7_500, taxes: 0, nights: 3 });
    expect(activityOf(stay, 2026, "2026-06-01")).toEqual({ creditedOn: null, quarter: null, consideration: 0, fees: 0, taxes: 0, nights: 2 });
    expect(activityOf(stay, 2024, "2026-06-01")).toBeNull();
  });

  it("counts nothing yet that comes after the report's day", () => {
    expect(activityOf(booking({ checkIn: "2025-11-02", checkOut: "2025-11-05" }), 2025, "2025-11-01")).toBeNull();
    // Arrived on 2 November; on 4 November two nights are behind the guest.
    expect(activityOf(booking({ checkIn: "2025-11-02", checkOut: "2025-11-05" }), 2025, "2025-11-04")).toMatchObject({ quarter: 4, nights: 2 });
  });

  it("counts nights within the year and before the report's day", () => {
    expect(nightsInYear({ checkIn: "2024-12-30", checkOut: "2026-01-02" }, 2025, "2027-01-01")).toBe(365);
    expect(nightsInYear({ checkIn: "2025-02-27", checkOut: "2025-03-02" }, 2025, "2025-03-01")).toBe(2);
    expect(nightsInYear({ checkIn: "2025-02-27", checkOut: "2025-03-02" }, 2026, "2027-01-01")).toBe(0);
  });
});

describe("a cancelled stay", () => {
  // 1,000.00 in a 30/70 split: 300.00 at booking on 10 March, 700.00 due on 2 May; commission 150.00.
  const split = booking({
    status: "CANCELLED",
    checkIn: "2025-06-01",
    checkOut: "2025-06-08",
    bookedOn: "2025-03-10",
    total: 100_000,
    commission: 15_000,
    instalments: [
      { due: "booking", method: "online", amount: 30_000 },
      { due: "2025-05-02", method: "online", amount: 70_000 },
    ],
  });

  it("counts only the payment made before it was cancelled, on the day it was cancelled", () => {
    // 300.00 paid; the commission's share of it is 150.00 × 300/1000 = 45.00; 255.00 credited in April.
    expect(activityOf({ ...split, cancelledOn: "2025-04-20" }, 2025, "2026-01-15")).toEqual({ creditedOn: "2025-04-20", quarter: 2, consideration: 25_500, fees: 4_500, taxes: 0, nights: 0 });
  });

  it("after the balance was due, counts both payments", () => {
    expect(activityOf({ ...split, cancelledOn: "2025-05-20" }, 2025, "2026-01-15")).toEqual({ creditedOn: "2025-05-20", quarter: 2, consideration: 85_000, fees: 15_000, taxes: 0, nights: 0 });
  });

  it("never counts what was to be paid on arrival", () => {
    const instalments = [
      { due: "booking" as const, method: "online" as const, amount: 50_000 },
      { due: "2025-06-01", method: "on_arrival" as const, amount: 50_000 },
    ];
    expect(paidBeforeCancellation(instalments, "2025-03-10", "2025-07-01")).toBe(50_000);
    expect(paidBeforeCancellation(instalments, "2025-03-10", "2025-03-09")).toBe(0);
  });

  it("belongs to the year of its cancellation, not of its stay", () => {
    const late = { ...split, checkIn: "2026-02-01", checkOut: "2026-02-05", instalments: [{ due: "booking" as const, method: "online" as const, amount: 100_000 }], cancelledOn: "2025-12-31" };
    expect(activityOf(late, 2025, "2026-03-01")).toMatchObject({ creditedOn: "2025-12-31", quarter: 4, consideration: 85_000 });
    expect(activityOf(late, 2026, "2026-03-01")).toBeNull();
  });
});

describe("listings", () => {
  it("two units at one street address are one listing, however the address was typed", () => {
    const a = listingKeyOf({ countryCode: "DE", postalCode: "10115", city: "Berlin", street: "Torstraße", houseNumberOrName: "12" }, "prp_a");
    const b = listingKeyOf({ countryCode: "de", postalCode: "10115 ", city: " berlin", street: "Torstraße", houseNumberOrName: "12" }, "prp_b");
    expect(a).toBe(b);
    expect(listingKeyOf({ countryCode: "DE", postalCode: "10115", city: "Berlin", street: "Torstraße", houseNumberOrName: "14" }, "prp_a")).not.toBe(a);
    expect(listingKeyOf({ countryCode: null, postalCode: null, city: null, street: null, houseNumberOrName: null }, "prp_c")).toBe("property:prp_c");
  });

  it("adds each unit's activities to the listing's quarters and days", () => {
    const totals = emptyListingTotals();
    // Unit 1: a stay in May; unit 2 at the same address: a stay in August and one cancelled in May.
    addActivity(totals, activityOf(booking({}), 2025, "2026-01-15")!);
    addActivity(totals, activityOf(booking({ checkIn: "2025-08-01", checkOut: "2025-08-03", total: 20_000, commission: 3_000 }), 2025, "2026-01-15")!);
    addActivity(
      totals,
      activityOf(booking({ status: "CANCELLED", cancelledOn: "2025-05-01", total: 10_000, commission: 1_500, instalments: [{ due: "booking", method: "online", amount: 3_000 }] }), 2025, "2026-01-15")!,
    );
    expect(totals.daysRented).toBe(6);
    // 340.00 + 25.50 (30.00 paid, 4.50 commission) in the second quarter, 170.00 in the third.
    expect(totals.quarters[2]).toEqual({ consideration: 36_550, activities: 2, fees: 6_450, taxes: 0 });
    expect(totals.quarters[3]).toEqual({ consideration: 17_000, activities: 1, fees: 3_000, taxes: 0 });
    expect(totals.quarters[1]).toEqual({ consideration: 0, activities: 0, fees: 0, taxes: 0 });
  });

  it("reads stays that start up to a year before the year", () => {
    // A stay has at most 365 nights; 366 days before 1 January 2025 (2024 is a leap year) is 1 January 2024.
    expect(stayWindow(2025)).toEqual({ checkInFrom: "2024-01-01", checkInBefore: "2026-01-01", checkOutAfter: "2025-01-01" });
  });
});

describe("seller data", () => {
  const individual: Dac7Seller = {
    kind: "individual",
    firstName: "Anna",
    lastName: "Schmidt",
    legalName: null,
    primaryAddress: "Torstraße 12, 10115 Berlin, DE",
    taxIdentifications: [{ id: "12345678901", countryIsoCode: "DE" }],
    vatId: null,
    dateOfBirth: "1985-04-02",
    businessRegistrationNumber: null,
    permanentEstablishments: null,
    iban: "DE89370400440532013000",
    accountHolder: null,
  };

  const paidOut = { paidOut: true };

  it("an individual needs name, address, a TIN, date of birth and an account; VAT only where it exists", () => {
    expect(missingSellerData(individual, paidOut)).toEqual([]);
    expect(missingSellerData({ ...individual, taxIdentifications: [], dateOfBirth: null, iban: null }, paidOut)).toEqual(["taxIdentification", "dateOfBirth", "iban"]);
  });

  it("an entity needs its legal name, registration number, VAT number and whether it has EU establishments", () => {
    const entity: Dac7Seller = { ...individual, kind: "entity", firstName: null, lastName: null, legalName: "Riviera Stays S.r.l.", dateOfBirth: null };
    expect(missingSellerData(entity, paidOut)).toEqual(["businessRegistrationNumber", "vatId", "permanentEstablishments"]);
    expect(missingSellerData({ ...entity, businessRegistrationNumber: "MI-123", vatId: "IT01234567890", permanentEstablishments: [] }, paidOut)).toEqual([]);
  });

  it("asks for the payout account only of a host the platform pays out to: a host on a subscription has none with us", () => {
    const withoutAccount = { ...individual, iban: null };
    expect(missingSellerData(withoutAccount, { paidOut: true })).toEqual(["iban"]);
    expect(missingSellerData(withoutAccount, { paidOut: false })).toEqual([]);
    // Everything else is asked all the same.
    expect(missingSellerData({ ...withoutAccount, dateOfBirth: null }, { paidOut: false })).toEqual(["dateOfBirth"]);
  });
});

describe("CSV", () => {
  it("quotes commas, quotes and line breaks, and keeps other text as it is", () => {
    expect(csvRecord(["Anna", 3, null, "Müller, Jonas", 'the "Loft"', "line\nbreak"])).toBe('Anna,3,,"Müller, Jonas","the ""Loft""","line\nbreak"\r\n');
  });

  it("does not let a spreadsheet read a name as a formula", () => {
    expect(csvRecord(["=SUM(A1)", "-1", "@x"])).toBe("'=SUM(A1),'-1,'@x\r\n");
  });

  it("writes amounts with two decimals", () => {
    expect(decimalAmount(12_050)).toBe("120.50");
    expect(decimalAmount(7)).toBe("0.07");
    expect(decimalAmount(0)).toBe("0.00");
  });
});
