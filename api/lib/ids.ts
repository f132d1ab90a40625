const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** A random public id (Crockford-style base32), so that row ids never leave the API. */
export function newPublicId(prefix: string, length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % 32];
  return `${prefix}_${out}`;
}
