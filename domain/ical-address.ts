/**
 * Which addresses a calendar feed may be fetched from. Only http(s); no user name or password in
 * the address; and, unless the configuration allows it (locally and in tests), nothing that points
 * at this machine or a private network: a feed address is typed by a host, and the sync fetches it
 * from our servers, so it must never reach what only they can reach. Literal addresses are checked
 * in every form the URL parser accepts (`http://2130706433/` is 127.0.0.1, `[::ffff:7f00:1]` too).
 */

export const FEED_URL_MAX_LENGTH = 2048;

export type FeedAddressProblem = "ical_url_invalid" | "ical_url_private";

/** IPv4 networks that are not the public internet: [first octets as a number, prefix length]. */
const PRIVATE_V4: readonly [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

function v4Number(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function isPrivateV4(address: string): boolean {
  const n = v4Number(address);
  if (n === null) return false;
  return PRIVATE_V4.some(([network, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(n / size) === Math.floor(v4Number(network)! / size);
  });
}

/** The 8 groups of an IPv6 address as the URL parser writes it (compressed, lower case, an IPv4 tail already in hex). */
const hexGroups = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);

function v6Groups(address: string): number[] | null {
  const [head = "", tail] = address.split("::");
  const read = hexGroups;
  const front = read(head);
  const back = tail === undefined ? [] : read(tail);
  if (tail === undefined && front.length !== 8) return null;
  const groups = [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function isPrivateV6(address: string): boolean {
  const g = v6Groups(address);
  if (!g) return true;
  if (g.slice(0, 7).every((x) => x === 0) && g[7]! <= 1) return true; // :: and ::1
  const v4Tail = `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return isPrivateV4(v4Tail); // IPv4-mapped and -compatible
  if (g[0] === 0x64 && g[1] === 0xff9b) return isPrivateV4(v4Tail); // NAT64
  if ((g[0]! & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g[0]! & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** Whether a URL's host names this machine or a private network by its name or address. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[")) return isPrivateV6(host.slice(1, -1));
  if (v4Number(host) !== null) return isPrivateV4(host);
  if (!host.includes(".")) return true; // a single label resolves on the local network only
  return ["localhost", "local", "internal", "intranet", "lan", "home.arpa", "localdomain"].some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** Why a feed may not be fetched from `value`, or null when it may. */
export function feedAddressProblem(value: string, options: { allowPrivate: boolean }): FeedAddressProblem | null {
  if (value.length > FEED_URL_MAX_LENGTH || !URL.canParse(value)) return "ical_url_invalid";
  const url = new URL(value);
  if (url.protocol !== "http:" && url.protocol !== "https:") return "ical_url_invalid";
  if (url.username || url.password || !url.hostname) return "ical_url_invalid";
  if (!options.allowPrivate && isPrivateHost(url.hostname)) return "ical_url_private";
  return null;
}

/** Calendar apps hand out `webcal://` addresses: they are http(s) addresses under another name. */
export function normaliseFeedAddress(value: string): string {
  const trimmed = value.trim();
  return trimmed.replace(/^webcals?:\/\//i, "https://");
}
