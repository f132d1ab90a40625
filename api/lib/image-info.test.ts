import { describe, expect, it } from "vitest";
import { png } from "@api/test/png";
import { imageInfo, pdfInfo } from "./image-info";

function jpegHeader(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment, then SOF0 with the dimensions.
  return new Uint8Array([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  ]);
}

/** A whole baseline JPEG as far as its structure goes: header, a scan of `scanBytes` with an escaped 0xFF and a restart marker, EOI. */
function jpeg(width: number, height: number, scanBytes = 2000): Uint8Array {
  const scanHeader = [0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00];
  const scan = Array.from({ length: scanBytes }, (_, i) => (i * 37) % 255);
  scan.splice(100, 0, 0xff, 0x00);
  scan.splice(500, 0, 0xff, 0xd0);
  return new Uint8Array([...jpegHeader(width, height), ...scanHeader, ...scan, 0xff, 0xd9]);
}

function riff(chunks: [string, number[]][]): Uint8Array {
  const body = chunks.flatMap(([type, data]) => {
    const size = data.length;
    return [...new TextEncoder().encode(type), size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, size >>> 24, ...data, ...(size % 2 ? [0] : [])];
  });
  const size = 4 + body.length;
  return new Uint8Array([...new TextEncoder().encode("RIFF"), size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, size >>> 24, ...new TextEncoder().encode("WEBP"), ...body]);
}

/** A lossless WebP: the VP8L signature byte, 14-bit width and height minus one, then data. */
function webpLossless(width: number, height: number): Uint8Array {
  const bits = (width - 1) | ((height - 1) << 14);
  return riff([["VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff, ...Array.from({ length: 40 }, (_, i) => i)]]]);
}

function webpVp8x(width: number, height: number): Uint8Array {
  const w = width - 1;
  const h = height - 1;
  return riff([
    ["VP8X", [0, 0, 0, 0, w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff]],
    ["VP8 ", [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, w & 0xff, w >> 8, h & 0xff, h >> 8, 7, 7, 7]],
  ]);
}

/** The chunks of a PNG, to take apart and put together again. */
function pngChunks(bytes: Uint8Array) {
  const chunks: Uint8Array[] = [];
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 8; offset < bytes.length; offset += 12 + data.getUint32(offset)) chunks.push(bytes.slice(offset, offset + 12 + data.getUint32(offset)));
  return chunks;
}

const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((offset, part) => (out.set(part, offset), offset + part.length), 0);
  return out;
};

/** A PNG declaring other dimensions than it holds (its header's CRC is not checked). */
function withDimensions(bytes: Uint8Array, width: number, height: number) {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(16, width);
  new DataView(copy.buffer).setUint32(20, height);
  return copy;
}

describe("imageInfo", () => {
  it("reads PNG, JPEG and WebP dimensions from the bytes of a whole file", () => {
    expect(imageInfo(png(1200, 800))).toEqual({ mimeType: "image/png", width: 1200, height: 800, complete: true });
    expect(imageInfo(jpeg(4000, 3000))).toEqual({ mimeType: "image/jpeg", width: 4000, height: 3000, complete: true });
    expect(imageInfo(webpVp8x(2048, 1365))).toEqual({ mimeType: "image/webp", width: 2048, height: 1365, complete: true });
    expect(imageInfo(webpLossless(1600, 1200))).toEqual({ mimeType: "image/webp", width: 1600, height: 1200, complete: true });
  });

  it("refuses what is not an image, whatever it is called", () => {
    expect(imageInfo(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(imageInfo(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]))).toBeNull();
    expect(imageInfo(new Uint8Array())).toBeNull();
    expect(imageInfo(new Uint8Array([0xff, 0xd8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]))).toBeNull();
  });

  it("finds a PNG incomplete without image data, cut off, or with bytes after its end", () => {
    const whole = png(1200, 800);
    const [header, ...rest] = pngChunks(whole);
    const end = rest.at(-1)!;
    // The 45-byte PNG that declares 2000×1500: a signature, IHDR and IEND, no IDAT.
    const headerOnly = withDimensions(join(whole.slice(0, 8), header!, end), 2000, 1500);
    expect(headerOnly).toHaveLength(45);
    expect(imageInfo(headerOnly)).toEqual({ mimeType: "image/png", width: 2000, height: 1500, complete: false });
    expect(imageInfo(whole.slice(0, whole.length - 12))?.complete).toBe(false);
    expect(imageInfo(whole.slice(0, Math.floor(whole.length / 2)))?.complete).toBe(false);
    expect(imageInfo(join(whole, new Uint8Array([1, 2, 3])))?.complete).toBe(false);
    expect(imageInfo(withDimensions(whole, 0, 800))?.complete).toBe(false);
    // A chunk claiming more bytes than the file has.
    const overlong = whole.slice();
    new DataView(overlong.buffer).setUint32(8 + header!.length, 0x7fffffff);
    expect(imageInfo(overlong)?.complete).toBe(false);
  });

  it("finds a JPEG incomplete when it is cut off, has no scan or no end marker; bytes after the end are allowed", () => {
    const whole = jpeg(4000, 3000);
    expect(imageInfo(whole.slice(0, 700))).toEqual({ mimeType: "image/jpeg", width: 4000, height: 3000, complete: false });
    expect(imageInfo(whole.slice(0, whole.length - 2))?.complete).toBe(false);
    expect(imageInfo(jpegHeader(4000, 3000))?.complete).toBe(false);
    expect(imageInfo(join(jpegHeader(4000, 3000), new Uint8Array([0xff, 0xd9])))?.complete).toBe(false);
    expect(imageInfo(join(whole, new TextEncoder().encode("maker notes")))?.complete).toBe(true);
    expect(imageInfo(jpeg(0, 3000))?.complete).toBe(false);
  });

  it("finds a WebP incomplete when the RIFF size is not the file's, or the image chunk is missing", () => {
    const whole = webpLossless(1600, 1200);
    expect(imageInfo(whole.slice(0, whole.length - 2))?.complete).toBe(false);
    expect(imageInfo(join(whole, new Uint8Array([0, 0])))?.complete).toBe(false);
    const headerOnly = riff([["VP8X", [0, 0, 0, 0, 0xff, 0x07, 0, 0xff, 0x05, 0]]]);
    expect(imageInfo(headerOnly)).toEqual({ mimeType: "image/webp", width: 2048, height: 1536, complete: false });
  });
});

const pdf = (body: string) => new TextEncoder().encode(body);

describe("pdfInfo", () => {

  it("recognises a PDF by its header and end-of-file marker", () => {
    expect(pdfInfo(pdf("%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"))).toEqual({ mimeType: "application/pdf", version: "1.7" });
    expect(pdfInfo(pdf(`%PDF-2.0\n${"x".repeat(5000)}\n%%EOF`))).toEqual({ mimeType: "application/pdf", version: "2.0" });
  });

  it("refuses a file that only starts like a PDF, or is something else", () => {
    expect(pdfInfo(pdf("%PDF-1.4\nno end of file marker here"))).toBeNull();
    expect(pdfInfo(pdf("%PDF-9.9\nsomething\n%%EOF"))).toBeNull();
    expect(pdfInfo(pdf("Hello, I am a text file %%EOF"))).toBeNull();
    expect(pdfInfo(png(10, 10))).toBeNull();
    expect(pdfInfo(new Uint8Array())).toBeNull();
  });
});
