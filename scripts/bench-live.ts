/**
 * The live chat's number (issue 15, decision 034): how long a message takes from one side's socket
 * to the other's on this machine, through the Worker, the conversation's Durable Object and D1
 * (stored before it is passed on). A guest books a demo unit through the public API, signs in with
 * the booking's code and email, and both sides open the conversation's socket; the guest sends 100
 * messages one after the other and each is timed until the host's socket has it. Budget: median
 * under 100 ms on loopback.
 */

export const LIVE_BUDGET_MS = 100;
const MESSAGES = 100;

interface Frame {
  type: string;
  message?: { clientMessageId: string };
}

function isoDate(daysFromNow: number) {
  return new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/**
 * A booking of `unitId` by a guest of the benchmark, some weeks ahead (the next week when nights are
 * taken). The bench host's 500 conversations (`--bench-host`) book the unit for years ahead: the
 * search goes on for three years.
 */
async function book(origin: string, unitId: string): Promise<{ code: string; email: string }> {
  const email = `bench-guest-${Date.now()}@guest.example`;
  for (let week = 0; week < 160; week++) {
    const response = await fetch(`${origin}/api/public/stays/${unitId}/reservations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ intent: "book", checkIn: isoDate(200 + week * 7), checkOut: isoDate(202 + week * 7), guests: 1, firstName: "Bench", lastName: "Guest", email }),
    });
    if (response.status === 201) return { code: ((await response.json()) as { code: string }).code, email };
    if (response.status !== 409) throw new Error(`The benchmark's booking was refused: ${response.status} ${await response.text()}`);
  }
  throw new Error("No free nights for the benchmark's booking");
}

function open(url: string): Promise<{ socket: WebSocket; frames: (listener: (frame: Frame) => void) => void }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const listeners: ((frame: Frame) => void)[] = [];
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string" || !event.data.startsWith("{")) return;
      const frame = JSON.parse(event.data) as Frame;
      for (const listener of listeners) listener(frame);
    });
    socket.addEventListener("open", () => resolve({ socket, frames: (listener) => listeners.push(listener) }));
    socket.addEventListener("error", () => reject(new Error(`The socket ${url.split("?")[0]} did not open`)));
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

/**
 * Times `MESSAGES` messages from the guest's socket to the host's. `hostLiveToken` opens the host's
 * socket (the host's `/resources/live-token`); `unitId` is a published unit of that host.
 */
export async function benchLive(origin: string, hostLiveToken: () => Promise<string>, unitId: string, log: (line: string) => void) {
  const { code, email } = await book(origin, unitId);
  const session = await json<{ token: string }>(await fetch(`${origin}/api/guest/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code, email }) }));
  const guestLive = await json<{ token: string; conversationId: string }>(await fetch(`${origin}/api/guest/messaging/token`, { headers: { authorization: `Bearer ${session.token}` } }));
  const ws = origin.replace(/^http/, "ws");
  const socketUrl = (token: string) => `${ws}/api/live/conversations/${guestLive.conversationId}/socket?token=${encodeURIComponent(token)}&after=0`;
  const host = await open(socketUrl(await hostLiveToken()));
  const guest = await open(socketUrl(guestLive.token));
  const waiting = new Map<string, (at: number) => void>();
  host.frames((frame) => {
    if (frame.type === "message" && frame.message) waiting.get(frame.message.clientMessageId)?.(performance.now());
  });
  const timings: number[] = [];
  try {
    for (let i = 0; i < MESSAGES + 5; i++) {
      const id = `bench-${i}`;
      const arrived = new Promise<number>((resolve, reject) => {
        waiting.set(id, resolve);
        setTimeout(() => reject(new Error(`message ${i} did not reach the host's socket within 5 s`)), 5000);
      });
      const sent = performance.now();
      guest.socket.send(JSON.stringify({ type: "send", clientMessageId: id, text: `Benchmark message ${i}` }));
      const at = await arrived;
      waiting.delete(id);
      // The first five warm the isolate, the object and D1's statements up.
      if (i >= 5) timings.push(at - sent);
    }
  } finally {
    host.socket.close();
    guest.socket.close();
  }
  const sorted = [...timings].sort((a, b) => a - b);
  const median = percentile(sorted, 0.5);
  const verdict = median < LIVE_BUDGET_MS ? "within" : "OVER";
  log(`live chat: a guest's message reaches the host's socket in ${median.toFixed(1)} ms median (p95 ${percentile(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms) over ${timings.length} messages, stored in D1 before it is passed on — ${verdict} the budget of ${LIVE_BUDGET_MS} ms`);
  return { median, p95: percentile(sorted, 0.95), withinBudget: median < LIVE_BUDGET_MS };
}
