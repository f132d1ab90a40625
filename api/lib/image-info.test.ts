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

function webpVp8x(width: number, height: number): Uint8Array {
  const out = new Uint8Array(30);
  out.set(new TextEncoder().encode("RIFF"), 0);
  out.set(new TextEncoder().encode("WEBPVP8X"), 8);
  const w = width - 1;
  const h = height - 1;
  out.set([w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff], 24);
  return out;
}

describe("imageInfo", () => {
  it("reads PNG, JPEG and WebP dimensions from the bytes", () => {
    expect(imageInfo(png(1200, 800))).toEqual({ mimeType: "image/png", width: 1200, height: 800 });
    expect(imageInfo(jpegHeader(4000, 3000))).toEqual({ mimeType: "image/jpeg", width: 4000, height: 3000 });
    expect(imageInfo(webpVp8x(2048, 1365))).toEqual({ mimeType: "image/webp", width: 2048, height: 1365 });
  });

  it("refuses what is not an image, whatever it is called", () => {
    expect(imageInfo(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(imageInfo(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]))).toBeNull();
    expect(imageInfo(new Uint8Array())).toBeNull();
    expect(imageInfo(new Uint8Array([0xff, 0xd8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]))).toBeNull();
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
