import { encodePng } from "@scripts/png";

/** A plain grey PNG of the given size, for photo tests. */
export function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  return encodePng(width, height, () => [128, 128, 128]);
}
