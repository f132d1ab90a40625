/**
 * Reads an image's real type and dimensions from its bytes (never from the file name or the
 * declared content type). Knows JPEG, PNG and WebP; anything else answers null.
 */
export interface ImageInfo {
  mimeType: "image/jpeg" | "image/png" | "image/webp";
  width: number;
  height: number;
}

export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  return png(bytes) ?? jpeg(bytes) ?? webp(bytes);
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

function png(bytes: Uint8Array): ImageInfo | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || !signature.every((b, i) => bytes[i] === b) || ascii(bytes, 12, 4) !== "IHDR") return null;
  const data = view(bytes);
  return { mimeType: "image/png", width: data.getUint32(16), height: data.getUint32(20) };
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds the dimensions. */
function jpeg(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const data = view(bytes);
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = data.getUint16(offset + 2);
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) return { mimeType: "image/jpeg", height: data.getUint16(offset + 5), width: data.getUint16(offset + 7) };
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

function webp(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  const chunk = ascii(bytes, 12, 4);
  const data = view(bytes);
  if (chunk === "VP8X") {
    const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
    const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
    return { mimeType: "image/webp", width, height };
  }
  if (chunk === "VP8 ") {
    return { mimeType: "image/webp", width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff };
  }
  if (chunk === "VP8L") {
    const bits = data.getUint32(21, true);
    return { mimeType: "image/webp", width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
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
