import { and, eq, sql } from "drizzle-orm";
import type { GuestStay, GuestStayType } from "@contract/guest";
import { nights } from "@domain/dates";
import { AMOUNT_UNIT } from "@domain/pricing";
import type { Database } from "@api/db/client";
import { bookingInquiries, bookingRequests, bookings, properties, propertyUnits, users } from "@api/db/schema";
import { hostName } from "@api/public/stays";

/**
 * The stay a guest signed in for: a booking, a booking request or an inquiry (§3 conversation
 * types), found by its code and the guest's email, and read back by its public id on each call.
 */

export interface GuestStayRef {
  type: GuestStayType;
  /** The stay's public id. */
  id: string;
}

const TABLES = { booking: bookings, bookingRequest: bookingRequests, bookingInquiry: bookingInquiries } as const;
/** When a request became a booking, both carry its code: the booking is what the guest has now. */
const PREFERENCE: GuestStayType[] = ["booking", "bookingRequest", "bookingInquiry"];

/** The stay whose code and guest email these are (email without regard to case), or null. One batch. */
export async function stayByCodeAndEmail(db: Database, code: string, email: string): Promise<GuestStayRef | null> {
  const lookups = PREFERENCE.map((type) => {
    const table = TABLES[type];
    return db
      .select({ id: table.publicId })
      .from(table)
      .where(and(eq(table.code, code), eq(sql`lower(${table.guestEmail})`, email.trim().toLowerCase())))
      .limit(1);
  });
  const [booking, request, inquiry] = await db.batch([lookups[0]!, lookups[1]!, lookups[2]!]);
  const found = [booking, request, inquiry].findIndex((rows) => rows.length > 0);
  if (found < 0) return null;
  return { type: PREFERENCE[found]!, id: [booking, request, inquiry][found]![0]!.id };
}

/** The guest's stay with its unit, property and host, as the guest may see it; null when it is gone. */
export async function guestStay(db: Database, ref: GuestStayRef): Promise<(GuestStay & { hostUserId: number; rowId: number }) | null> {
  const table = TABLES[ref.type];
  const [row] = await db
    .select({ stay: table, unit: { id: propertyUnits.publicId, title: propertyUnits.title }, property: { title: properties.title, city: properties.city }, host: users })
    .from(table)
    .innerJoin(propertyUnits, eq(propertyUnits.id, table.unitId))
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .innerJoin(users, eq(users.id, table.hostUserId))
    .where(eq(table.publicId, ref.id))
    .limit(1);
  if (!row) return null;
  const { stay } = row;
  return {
    type: ref.type,
    id: stay.publicId,
    code: stay.code,
    status: stay.status,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights: nights({ checkIn: stay.checkIn, checkOut: stay.checkOut }),
    guests: stay.guests,
    currency: stay.currency,
    amountUnit: AMOUNT_UNIT,
    totalAmount: stay.total,
    guest: { firstName: stay.guestFirstName, lastName: stay.guestLastName },
    unit: { id: row.unit.id, title: row.unit.title ?? "", propertyTitle: row.property.title ?? "", city: row.property.city },
    host: { name: hostName(row.host) },
    hostUserId: stay.hostUserId,
    rowId: stay.id,
  };
}
