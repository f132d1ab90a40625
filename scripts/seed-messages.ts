/**
 * Demo messages, made as hosts make them: every booking, request and inquiry the demo guests made
 * opened its conversation (with the guest's message first, decision 032); here a host answers a
 * few of them and keeps two saved replies, through the host's messaging API. Also the bench's inbox
 * of 500 conversations (`seedBenchInbox`): stays a channel manager sends to the agency demo host,
 * each with a host's message, through the channel intake and the messaging API.
 */

interface HostClient {
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

interface Page {
  items: { id: string; guest: { firstName: string }; lastMessage: { sender: string } | null }[];
  pagination: { total: number; next: number; current: number };
}

const SAVED_REPLIES = [
  { title: "Welcome", body: "Hello {guestFirstName}, thank you for choosing {unitName}! We look forward to welcoming you on {checkIn}." },
  { title: "Check-in details", body: "Hi {guestFirstName}, check-in at {unitName} is from 15:00 on {checkIn}; please leave the keys on the table when you check out on {checkOut}." },
];

/** Two saved replies, and answers to the guests who wrote first (the first `answers` conversations with an unread guest message). */
export async function seedMessages(host: HostClient, answers = 2) {
  for (const reply of SAVED_REPLIES) await host.call("POST", "/messaging/saved-replies", reply);
  const unread = await host.call<Page>("GET", `/messaging/conversations?unread=true&limit=${answers}`);
  for (const [i, conversation] of unread.items.entries()) {
    await host.call("POST", `/messaging/conversations/${conversation.id}/messages`, {
      text: `Hello ${conversation.guest.firstName}, thank you for your message! ${i % 2 ? "Early check-in is possible from 13:00." : "Let me know if you need anything before you arrive."}`,
      clientMessageId: `seed-${conversation.id}`,
    });
  }
}

const DAY_MS = 86_400_000;
const isoDate = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * The agency demo host's inbox grown to `count` conversations for `npm run bench`: three-night stays
 * from a channel manager on its published units, far ahead where no demo guest stays, and a host's
 * message in each conversation that has none (so that every row shows a last message).
 */
export async function seedBenchInbox(origin: string, host: HostClient, count = 500) {
  const { secret } = await host.call<{ secret: string }>("POST", "/channel-api-keys", { name: "Bench channel" });
  const properties = await host.call<{ items: { units: { id: string; state?: string; status?: string }[] }[] }>("GET", "/property-list?page=1");
  const unitIds = properties.items.flatMap((p) => p.units.map((u) => u.id));
  let total = (await host.call<Page>("GET", "/messaging/conversations?limit=1")).pagination.total;
  let k = 0;
  for (let start = 200; total < count && start < 200 + 3 * 2_000; start += 3) {
    for (const unitId of unitIds) {
      if (total >= count) break;
      const reservationId = `BENCH-${k++}`;
      const response = await fetch(`${origin}/api/channel/reservations`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json", "idempotency-key": reservationId },
        body: JSON.stringify({ unitId, reservationId, checkIn: isoDate(start), checkOut: isoDate(start + 3), guests: 2, guest: { firstName: `Guest${k}`, lastName: "Bench", email: `bench-guest-${k}@guest.example` } }),
      });
      // A unit not published, or nights a rule refuses, is left out.
      if (response.status === 404 || response.status === 409 || response.status === 400) continue;
      if (response.status !== 201) throw new Error(`A bench channel reservation was refused: ${response.status} ${await response.text()}`);
      total++;
    }
  }
  for (let page = 1; ; page++) {
    const listed = await host.call<Page>("GET", `/messaging/conversations?limit=50&page=${page}`);
    for (const conversation of listed.items) {
      if (conversation.lastMessage) continue;
      await host.call("POST", `/messaging/conversations/${conversation.id}/messages`, { text: `Hello ${conversation.guest.firstName}, your stay is confirmed. Write here if you have any question.`, clientMessageId: `bench-${conversation.id}` });
    }
    if (listed.pagination.next === listed.pagination.current) break;
  }
  if (total < count) throw new Error(`The bench inbox has ${total} conversations, not ${count}`);
}
