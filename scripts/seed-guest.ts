/**
 * The demo guest (README "The guest area"): a booking of the agency's first published unit made on
 * the public page's endpoint by Lena Fischer (`guest@demo.stayhost.example`), and a short exchange
 * with the host through the host's and the guest's own APIs, so that `/guest/chat` and the host's
 * conversation open with something to read. Answers the booking's code (made by the service).
 */

export const DEMO_GUEST = { firstName: "Lena", lastName: "Fischer", email: "guest@demo.stayhost.example" } as const;

interface HostClient {
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

function isoDate(daysFromNow: number) {
  return new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export async function seedDemoGuest(origin: string, host: HostClient, unitId: string): Promise<string> {
  let code: string | null = null;
  let last = "";
  for (let week = 0; week < 12 && !code; week++) {
    const response = await fetch(`${origin}/api/public/stays/${unitId}/reservations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ intent: "book", checkIn: isoDate(24 + week * 7), checkOut: isoDate(27 + week * 7), guests: 2, ...DEMO_GUEST, message: "Hello! We arrive by train around 18:00. Is that fine?" }),
    });
    last = await response.text();
    if (response.status === 201) code = (JSON.parse(last) as { code: string }).code;
    else if (response.status !== 409) break;
  }
  if (!code) throw new Error(`The demo guest's booking was refused: ${last}`);
  const { items } = await host.call<{ items: { publicId: string }[] }>("GET", `/bookings?tab=all&search=${code}`);
  const conversation = await host.call<{ id: string }>("POST", "/messaging/conversation", { type: "booking", id: items[0]!.publicId });
  await host.call("POST", `/messaging/conversations/${conversation.id}/messages`, { text: "Welcome, Lena! 18:00 is perfect. The key box is left of the door; I will send you its code the day before.", clientMessageId: "demo-host-1" });
  const { token } = await post<{ token: string }>(`${origin}/api/guest/session`, { code, email: DEMO_GUEST.email });
  await post(`${origin}/api/guest/conversation/messages`, { text: "Thank you! Is there a bakery nearby for breakfast?", clientMessageId: "demo-guest-1" }, { authorization: `Bearer ${token}` });
  return code;
}
