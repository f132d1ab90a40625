import { describe, expect, it } from "vitest";
import { hashPassword, UNUSABLE_PASSWORD_HASH, verifyPassword } from "./password";

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe("hashPassword", () => {
  it("stores pbkdf2$100000$<salt>$<hash>", async () => {
    const stored = await hashPassword("correct horse battery staple");
    const parts = stored.split("$");
    expect(parts).toHaveLength(4);
    const [scheme, iterations, salt, hash] = parts as [string, string, string, string];
    expect(scheme).toBe("pbkdf2");
    expect(iterations).toBe("100000");
    expect(salt).toMatch(BASE64);
    expect(hash).toMatch(BASE64);
    expect(atob(salt)).toHaveLength(16);
    expect(atob(hash)).toHaveLength(32);
  });

  it("salts: two hashes of the same password differ", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).not.toBe(b);
    expect(a.split("$")[2]).not.toBe(b.split("$")[2]);
    expect(a.split("$")[3]).not.toBe(b.split("$")[3]);
  });
});

describe("verifyPassword", () => {
  it("accepts the right password and rejects wrong ones", async () => {
    const stored = await hashPassword("s3cret-Pässwörd");
    expect(await verifyPassword("s3cret-Pässwörd", stored)).toBe(true);
    expect(await verifyPassword("s3cret-Passwoerd", stored)).toBe(false);
    expect(await verifyPassword("s3cret-pässwörd", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
    expect(await verifyPassword("s3cret-Pässwörd ", stored)).toBe(false);
  });

  it("honours the iteration count stored with the hash", async () => {
    const salt = new Uint8Array(16).fill(7);
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode("pw"), "PBKDF2", false, ["deriveBits"]);
    const bits = new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 1000 }, key, 256));
    expect(await verifyPassword("pw", `pbkdf2$1000$${b64(salt)}$${b64(bits)}`)).toBe(true);
    expect(await verifyPassword("pw", `pbkdf2$1001$${b64(salt)}$${b64(bits)}`)).toBe(false);
  });

  it("rejects malformed stored strings", async () => {
    const stored = await hashPassword("pw");
    const [, iterations, salt, hash] = stored.split("$");
    for (const malformed of [
      "",
      "plain-text-password",
      "pw",
      `bcrypt$${iterations}$${salt}$${hash}`,
      `pbkdf2$${iterations}$${salt}`,
      `pbkdf2$$${salt}$${hash}`,
      `pbkdf2$${iterations}$$${hash}`,
      `pbkdf2$${iterations}$${salt}$`,
      `pbkdf2$${iterations}$${salt}$${btoa("short")}`,
    ]) {
      expect({ malformed, verified: await verifyPassword("pw", malformed) }).toEqual({ malformed, verified: false });
    }
  });
});

describe("UNUSABLE_PASSWORD_HASH", () => {
  it("has the stored format", () => {
    expect(UNUSABLE_PASSWORD_HASH).toMatch(/^pbkdf2\$100000\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/);
  });

  it.each(["", "password", "AAAAAAAAAAAAAAAAAAAAAA==", "admin"])("never verifies %j", async (password) => {
    expect(await verifyPassword(password, UNUSABLE_PASSWORD_HASH)).toBe(false);
  });
});
