const digest = async (secret: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)));

/** Compares two secrets in time independent of where they differ (through their SHA-256 digests). */
async function sameSecret(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= x[i]! ^ y[i]!;
  return difference === 0;
}

/** Whether the request's `Authorization: Bearer …` is `expected`, compared in constant time. */
export function hasBearerSecret(request: Request, expected: string): Promise<boolean> {
  const given = request.headers.get("authorization")?.match(/^Bearer (.+)$/i)?.[1] ?? "";
  return sameSecret(given, expected);
}
