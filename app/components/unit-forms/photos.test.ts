import { describe, expect, it } from "vitest";
import { moveBefore } from "./photos";

describe("dragging a photo", () => {
  it("puts it where it was dropped, forwards and backwards", () => {
    expect(moveBefore(["a", "b", "c", "d"], "a", "c")).toEqual(["b", "c", "a", "d"]);
    expect(moveBefore(["a", "b", "c", "d"], "d", "b")).toEqual(["a", "d", "b", "c"]);
    expect(moveBefore(["a", "b", "c", "d"], "b", "b")).toEqual(["a", "b", "c", "d"]);
    expect(moveBefore(["a", "b"], "a", "b")).toEqual(["b", "a"]);
  });
});
