import { z } from "zod";
import { BED_TYPES, ROOM_TYPES } from "@domain/property-configuration";
import { MAX_BEDS, MAX_ROOMS, type DraftRoom } from "./rooms";

/**
 * The rooms as RoomFields sends them (`rooms.0.type`, `rooms.0.beds.double`; conform reads the
 * indexes as keys), whatever was typed: what a draft is made of.
 */
export const sentRoomsSchema = z
  .record(z.string(), z.object({ type: z.string().default(""), beds: z.record(z.string(), z.string().default("")).default({}) }))
  .default({});

/** The sent rooms as the draft RoomFields shows again; an empty bed count is none. */
export function draftOfSent(rooms: z.output<typeof sentRoomsSchema>): DraftRoom[] {
  return Object.values(rooms)
    .slice(0, MAX_ROOMS)
    .map((room) => ({ type: room.type, beds: Object.fromEntries(Object.entries(room.beds).map(([bed, count]) => [bed, Number(count)])) }));
}

const bedCount = z.coerce.number({ message: "beds_invalid" }).int("beds_invalid").min(0, "beds_invalid").max(MAX_BEDS, "beds_invalid").default(0);

/** The rooms to save, as the API takes them: each bed count a whole number from 0 to 10, the empty ones left out. */
export const roomsSchema = z
  .record(z.string(), z.object({ type: z.enum(ROOM_TYPES), beds: z.partialRecord(z.enum(BED_TYPES), bedCount).default({}) }))
  .default({})
  .transform((rooms) =>
    Object.values(rooms).map((room) => ({
      type: room.type,
      beds: Object.entries(room.beds)
        .filter(([, count]) => count > 0)
        .map(([type, count]) => ({ type: type as (typeof BED_TYPES)[number], count })),
    })),
  );
