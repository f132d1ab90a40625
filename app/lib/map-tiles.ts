/**
 * The map under the wizard's pin (§2 location/map). Tiles are a configuration (`MAP_TILE_URL`, a
 * template with {z}, {x} and {y}); without one the pin is set by its coordinates alone.
 */
export const MAP_ZOOM = 15;
export const TILE_SIZE = 256;

export function mapTileOrigins(env: { MAP_TILE_URL?: string }): string[] {
  if (!env.MAP_TILE_URL) return [];
  try {
    return [new URL(env.MAP_TILE_URL.replace(/\{[xyz]\}/g, "0")).origin];
  } catch {
    return [];
  }
}

/** The tile holding a point and where in it the point lies, in pixels (Web Mercator). */
export function tileFor(latitude: number, longitude: number, zoom = MAP_ZOOM) {
  const scale = 2 ** zoom;
  const x = ((longitude + 180) / 360) * scale;
  const radians = (latitude * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * scale;
  return {
    x: Math.floor(x),
    y: Math.floor(y),
    zoom,
    offsetX: Math.round((x - Math.floor(x)) * TILE_SIZE),
    offsetY: Math.round((y - Math.floor(y)) * TILE_SIZE),
  };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** The point at a pixel of a tile: the inverse of tileFor, rounded to six decimals (about 10 cm). */
export function pointAt(tile: { x: number; y: number; zoom: number }, offsetX: number, offsetY: number) {
  const scale = 2 ** tile.zoom;
  const x = tile.x + offsetX / TILE_SIZE;
  const y = tile.y + offsetY / TILE_SIZE;
  return {
    latitude: round((Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / scale))) * 180) / Math.PI),
    longitude: round((x / scale) * 360 - 180),
  };
}

export function tileUrl(template: string, tile: { x: number; y: number; zoom: number }): string {
  return template.replace("{z}", String(tile.zoom)).replace("{x}", String(tile.x)).replace("{y}", String(tile.y));
}
