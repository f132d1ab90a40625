import { describe, expect, it } from "vitest";
import { unitsMatching } from "./unit-choices";

const residence = [
  { id: "u1", title: "Bilocale Mare" },
  { id: "u2", title: "Trilocale Giardino" },
  { id: "u3", title: "Monolocale Sole" },
];

describe("unitsMatching", () => {
  it("narrows a property to the units whose title matches", () => {
    expect(unitsMatching(residence, "trilocale").map((u) => u.id)).toEqual(["u2"]);
    expect(unitsMatching(residence, " LOCALE ").map((u) => u.id)).toEqual(["u1", "u2", "u3"]);
  });

  it("keeps every unit when only the property matched, or there is no search", () => {
    expect(unitsMatching(residence, "Alassio")).toEqual(residence);
    expect(unitsMatching(residence, "")).toEqual(residence);
  });

  it("ignores accents", () => {
    expect(unitsMatching([{ id: "a", title: "Chalet Zürich" }, { id: "b", title: "Studio" }], "zurich").map((u) => u.id)).toEqual(["a"]);
  });
});
