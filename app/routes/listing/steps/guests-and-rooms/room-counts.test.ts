import { describe, expect, it } from "vitest";
import { roomsWithCounts } from "./room-counts";

describe("roomsWithCounts", () => {
  const rooms = [
    { type: "bedroom", beds: [{ type: "double", count: 1 }] },
    { type: "kitchen_room", beds: [] },
    { type: "bedroom", beds: [{ type: "single", count: 2 }] },
  ];

  it("keeps existing rooms with their beds and adds empty ones", () => {
    expect(roomsWithCounts(rooms, { bedroom: 3, bath_room: 1 })).toEqual([...rooms, { type: "bedroom", beds: [] }, { type: "bath_room", beds: [] }]);
  });

  it("drops the last rooms of a type when fewer are asked, and leaves other types alone", () => {
    expect(roomsWithCounts(rooms, { bedroom: 1, bath_room: 0 })).toEqual([rooms[0], rooms[1]]);
  });
});
