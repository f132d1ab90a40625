/**
 * Reads an image's real type and dimensions from its bytes (never from the file name or the
 * declared content type), and whether the file is whole: a header alone, or a file cut off in
 * transfer, is an image no browser can show. Knows JPEG, PNG and WebP; anything else answers null.
 *
 * - PNG: the chunks follow each other with consistent lengths, IHDR first, at least one IDAT
 *   with data, and IEND last, at the very end of the file (CRCs are not recomputed).
 * - JPEG: every segment fits in the file, a frame header (SOF) precedes the scan (SOS), the scan
 *   has data, and the end-of-image marker (EOI) follows it. Bytes after EOI are tolerated:
 *   cameras append previews and maker data there.
 * - WebP: the RIFF size is the file's size, the chunks fill it exactly, and the image chunk
 *   (VP8, VP8L, or the frames of an animation) is there with its signature.
 */
export interface ImageInfo {
  mimeType: "image/jpeg" | "image/png" | "image/webp";
  width: number;
  height: number;
  complete: boolean;
}

export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  return png(bytes) ?? jpeg(bytes) ?? webp(bytes);
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 24 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b) || ascii(bytes, 12, 4) !== "IHDR") return null;
  const data = view(bytes);
  const info = { mimeType: "image/png" as const, width: data.getUint32(16), height: data.getUint32(20) };
  return { ...info, complete: info.width > 0 && info.height > 0 && pngChunksComplete(bytes) };
}

function pngChunksComplete(bytes: Uint8Array) {
  const data = view(bytes);
  let offset = PNG_SIGNATURE.length;
  let imageData = 0;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = data.getUint32(offset);
    const type = ascii(bytes, offset + 4, 4);
    const end = offset + 12 + length;
    if (end > bytes.length) return false;
    if (first && (type !== "IHDR" || length !== 13)) return false;
    first = false;
    if (type === "IDAT") imageData += length;
    if (type === "IEND") return length === 0 && end === bytes.length && imageData > 0;
    offset = end;
  }
  return false;
}

const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers RST0–RST7. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** Walks the JPEG segments: the frame header holds the dimensions; the scan must end in EOI. */
function jpeg(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const data = view(bytes);
  let size: { width: number; height: number } | null = null;
  let scanned = false;
  let offset = 2;
  const result = (complete: boolean) => (size ? { mimeType: "image/jpeg" as const, ...size, complete: complete && size.width > 0 && size.height > 0 } : null);
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return result(false);
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) return result(scanned);
    if (isStandalone(marker)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return result(false);
    const length = data.getUint16(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return result(false);
    if (isStartOfFrame(marker)) {
      if (length < 7) return null;
      size = { height: data.getUint16(offset + 5), width: data.getUint16(offset + 7) };
    }
    offset = end;
    if (marker === 0xda) {
      if (!size) return null;
      // Entropy-coded data runs to the next marker; 0xFF00 is an escaped 0xFF, RSTn sit inside it.
      const start = offset;
      while (offset + 1 < bytes.length && !(bytes[offset] === 0xff && bytes[offset + 1] !== 0x00 && !isStandalone(bytes[offset + 1]!))) offset += 1;
      if (offset + 1 >= bytes.length) return result(false);
      scanned ||= offset > start;
    }
  }
  return result(false);
}

function webp(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  const chunk = ascii(bytes, 12, 4);
  const data = view(bytes);
  let size: { width: number; height: number } | null = null;
  if (chunk === "VP8X") {
    size = { width: 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16)), height: 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16)) };
  } else if (chunk === "VP8 ") {
    size = { width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff };
  } else if (chunk === "VP8L") {
    const bits = data.getUint32(21, true);
    size = { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (!size) return null;
  return { mimeType: "image/webp", ...size, complete: size.width > 0 && size.height > 0 && webpChunksComplete(bytes) };
}

function webpChunksComplete(bytes: Uint8Array) {
  const data = view(bytes);
  if (data.getUint32(4, true) + 8 !== bytes.length) return false;
  let offset = 12;
  let image = false;
  while (offset + 8 <= bytes.length) {
    const type = ascii(bytes, offset, 4);
    const length = data.getUint32(offset + 4, true);
    const body = offset + 8;
    if (body + length > bytes.length) return false;
    if (type === "VP8 ") image ||= length >= 10 && bytes[body + 3] === 0x9d && bytes[body + 4] === 0x01 && bytes[body + 5] === 0x2a;
    if (type === "VP8L") image ||= length >= 5 && bytes[body] === 0x2f;
    if (type === "ANMF") image ||= length > 16;
    offset = body + length + (length % 2);
  }
  return image && offset === bytes.length;
}

/**
 * Recognises a PDF by its bytes: the `%PDF-1.x` or `%PDF-2.x` header at the start and the `%%EOF`
 * marker in the last kilobyte (readers tolerate trailing bytes after it). Answers null otherwise.
 */
export interface PdfInfo {
  mimeType: "application/pdf";
  version: string;
}

export function pdfInfo(bytes: Uint8Array): PdfInfo | null {
  if (bytes.length < 16) return null;
  const header = /^%PDF-([12]\.\d)/.exec(ascii(bytes, 0, 8));
  if (!header) return null;
  const tail = ascii(bytes, Math.max(0, bytes.length - 1024), Math.min(1024, bytes.length));
  return tail.includes("%%EOF") ? { mimeType: "application/pdf", version: header[1]! } : null;
}
