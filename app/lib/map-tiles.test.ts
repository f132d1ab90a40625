import { describe, expect, it } from "vitest";
import { mapTileOrigins, pointAt, tileFor, tileUrl } from "./map-tiles";

describe("map tiles", () => {
  it("finds the tile of a point and the point inside it", () => {
    // The whole world is one tile at zoom 0, with (0, 0) in its middle; at zoom 1 it is the corner of four.
    expect(tileFor(0, 0, 0)).toEqual({ x: 0, y: 0, zoom: 0, offsetX: 128, offsetY: 128 });
    expect(tileFor(0, 0, 1)).toEqual({ x: 1, y: 1, zoom: 1, offsetX: 0, offsetY: 0 });
    // North-west of the centre is the top-left tile.
    expect(tileFor(40, -90, 1)).toMatchObject({ x: 0, y: 0 });
    const berlin = tileFor(52.5163, 13.3777);
    expect(tileUrl("https://tiles.example/{z}/{x}/{y}.png", berlin)).toBe(`https://tiles.example/15/${berlin.x}/${berlin.y}.png`);
    expect(berlin.x).toBeGreaterThan(2 ** 14);
  });

  it("turns a pixel of a tile back into its point, so that a dragged pin has coordinates", () => {
    expect(pointAt({ x: 0, y: 0, zoom: 0 }, 128, 128)).toEqual({ latitude: 0, longitude: 0 });
    const berlin = tileFor(52.5163, 13.3777);
    const back = pointAt(berlin, berlin.offsetX, berlin.offsetY);
    // A pixel at zoom 15 is under 5 m: the round trip lands within it.
    expect(Math.abs(back.latitude - 52.5163)).toBeLessThan(0.00005);
    expect(Math.abs(back.longitude - 13.3777)).toBeLessThan(0.00005);
    // East and south of the pin are larger longitudes and smaller latitudes.
    const moved = pointAt(berlin, berlin.offsetX + 10, berlin.offsetY + 10);
    expect(moved.longitude).toBeGreaterThan(back.longitude);
    expect(moved.latitude).toBeLessThan(back.latitude);
  });

  it("allows the tiles' origin only when tiles are configured", () => {
    expect(mapTileOrigins({ MAP_TILE_URL: "" })).toEqual([]);
    expect(mapTileOrigins({ MAP_TILE_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png" })).toEqual(["https://tile.openstreetmap.org"]);
    expect(mapTileOrigins({ MAP_TILE_URL: "not a url" })).toEqual([]);
  });
});
