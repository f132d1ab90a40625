import { describe, expect, it } from "vitest";
import { eventsOf } from "./calendar";
import { withImportOverlaps } from "./ical-overlaps";

describe("an imported stay that overlaps our calendar", () => {
  // Our booking holds the 6th; the imported stay (5th to 8th) could take the 5th and the 7th only.
  const events = eventsOf([
    { night: "2030-03-05", kind: "external", ownerId: "ext_f_a" },
    { night: "2030-03-06", kind: "booking", ownerId: "bkg_1" },
    { night: "2030-03-07", kind: "external", ownerId: "ext_f_a" },
    { night: "2030-03-20", kind: "manual", ownerId: "blk_2" },
  ]);

  it("is one multi event over the days they share, with the stay whole and what holds its nights as children", () => {
    expect(withImportOverlaps(events, [{ id: "ext_f_a", dateFrom: "2030-03-05", dateTo: "2030-03-08" }])).toEqual([
      {
        id: "multi_ext_f_a",
        dateFrom: "2030-03-05",
        dateTo: "2030-03-08",
        source: "multi",
        kind: "external",
        children: [
          { id: "ext_f_a", dateFrom: "2030-03-05", dateTo: "2030-03-08", source: "external", kind: "external" },
          { id: "bkg_1", dateFrom: "2030-03-06", dateTo: "2030-03-07", source: "booking", kind: "booking" },
        ],
      },
      { id: "blk_2", dateFrom: "2030-03-20", dateTo: "2030-03-21", source: "manual", kind: "manual", children: [] },
    ]);
  });

  it("covers a block that runs past the stay, and leaves events without conflicts as they are", () => {
    const blocked = eventsOf([
      { night: "2030-04-01", kind: "manual", ownerId: "blk_3" },
      { night: "2030-04-02", kind: "manual", ownerId: "blk_3" },
      { night: "2030-04-03", kind: "manual", ownerId: "blk_3" },
    ]);
    const [multi] = withImportOverlaps(blocked, [{ id: "ext_f_b", dateFrom: "2030-04-02", dateTo: "2030-04-03" }]);
    expect(multi).toMatchObject({ source: "multi", dateFrom: "2030-04-01", dateTo: "2030-04-04" });
    expect(multi!.children.map((c) => c.id)).toEqual(["blk_3", "ext_f_b"]);
    expect(withImportOverlaps(events, [])).toEqual(events);
  });
});
