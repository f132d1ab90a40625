/**
 * The viewer's time zone for the moments a page shows (a request's deadline, a message's time).
 * The browser names it in a cookie (`rememberTimeZone`, from the client entry); the server reads the
 * cookie with the request. Without JavaScript there is no cookie and moments are shown in UTC,
 * labelled so.
 */
export const TIME_ZONE_COOKIE = "tz";

const valid = new Set<string>(["UTC"]);

/** An IANA zone name `Intl` knows ("Europe/Rome"); names found valid are kept for the isolate. */
export function isTimeZone(name: string): boolean {
  if (valid.has(name)) return true;
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    if (!new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone) return false;
  } catch {
    return false;
  }
  valid.add(name);
  return true;
}

/** The zone the request's cookie names, or UTC. */
export function timeZoneOfRequest(cookieHeader: string | null): string {
  const match = cookieHeader?.match(/(?:^|;\s*)tz=([^;]*)/);
  if (!match) return "UTC";
  let name: string;
  try {
    name = decodeURIComponent(match[1]!);
  } catch {
    return "UTC";
  }
  return isTimeZone(name) ? name : "UTC";
}

/** In the browser: names the browser's zone in the cookie when it is not there yet or has changed (the next page the server renders uses it). */
export function rememberTimeZone(doc: Document) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || !isTimeZone(zone) || timeZoneOfRequest(doc.cookie) === zone) return;
  doc.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
}
