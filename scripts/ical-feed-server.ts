/**
 * A calendar server on this machine for the tests of the iCal sync (API tests and e2e), so that no
 * test reaches the internet. It serves the fixture feeds of tests/fixtures/ical with their dates made
 * relative to today (`{{D+10}}` is today + 10 days as YYYYMMDD, `{{Y+1}}` next year), feeds a test
 * puts and changes (`PUT /feeds/<key>`), and the ways a feed fails: an HTTP status, no answer, too
 * many redirects, too much data, a web page instead of a calendar.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { join } from "node:path";

const FOLDER = join(import.meta.dirname, "..", "tests", "fixtures", "ical");

function ymd(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll("-", "");
}

/** A fixture's text with its date placeholders filled in from `today` (UTC). */
export function expandFixture(text: string, today = new Date()): string {
  return text
    .replace(/\{\{D([+-]\d+)\}\}/g, (_, days: string) => ymd(new Date(today.getTime() + Number(days) * 86_400_000)))
    .replace(/\{\{Y([+-]\d+)\}\}/g, (_, years: string) => String(today.getUTCFullYear() + Number(years)));
}

export function fixture(name: string, today = new Date()): string {
  return expandFixture(readFileSync(join(FOLDER, name), "utf8"), today);
}

/**
 * A feed of `count` stays of `nights` nights, one every `every` days from `from` days after today
 * (by default two-night stays every three days from tomorrow: a busy platform's year and more).
 */
export function generatedFeed(count: number, today = new Date(), { from = 1, every = 3, nights = 2 } = {}): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stayhost tests//Generated feed//EN"];
  for (let i = 0; i < count; i++) {
    const start = new Date(today.getTime() + (from + i * every) * 86_400_000);
    const end = new Date(start.getTime() + nights * 86_400_000);
    lines.push("BEGIN:VEVENT", `UID:generated-${i}@tests.example`, `DTSTART;VALUE=DATE:${ymd(start)}`, `DTEND;VALUE=DATE:${ymd(end)}`, "SUMMARY:Reserved", "END:VEVENT");
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export interface FeedServer {
  url: string;
  close(): Promise<void>;
}

export async function startFeedServer(port = 0): Promise<FeedServer> {
  const feeds = new Map<string, { status: number; text: string }>();
  const server = createServer(async (request, response) => {
    const address = new URL(request.url ?? "/", "http://localhost");
    const path = address.pathname;
    const option = (name: string) => (address.searchParams.has(name) ? Number(address.searchParams.get(name)) : undefined);
    const calendar = (text: string, status = 200) => {
      response.writeHead(status, { "content-type": "text/calendar; charset=utf-8" });
      response.end(text);
    };
    try {
      let match: RegExpExecArray | null;
      if ((match = /^\/feeds\/([\w.-]+)$/.exec(path))) {
        const key = match[1]!;
        if (request.method === "PUT") {
          feeds.set(key, { status: Number(request.headers["x-status"] ?? 200), text: expandFixture(await body(request)) });
          response.writeHead(204).end();
          return;
        }
        const feed = feeds.get(key);
        if (!feed) response.writeHead(404).end("No such feed");
        else calendar(feed.text, feed.status);
      } else if ((match = /^\/fixtures\/([\w-]+\.ics)$/.exec(path))) {
        calendar(fixture(match[1]!));
      } else if ((match = /^\/generated\/(\d+)\.ics$/.exec(path))) {
        calendar(generatedFeed(Number(match[1]), new Date(), { from: option("from"), every: option("every"), nights: option("nights") }));
      } else if ((match = /^\/status\/(\d{3})$/.exec(path))) {
        response.writeHead(Number(match[1]), { "content-type": "text/plain" }).end("Failed");
      } else if ((match = /^\/redirect\/(\d+)(\/.*)$/.exec(path))) {
        const left = Number(match[1]);
        response.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}${match[2]}` : match[2] }).end();
      } else if (path === "/slow") {
        // Never answers; the client gives up first.
        request.on("close", () => response.destroy());
      } else if (path === "/big") {
        response.writeHead(200, { "content-type": "text/calendar" });
        const line = `X-FILLER:${"x".repeat(1000)}\r\n`;
        response.write("BEGIN:VCALENDAR\r\n");
        for (let i = 0; i < 7000; i++) response.write(line);
        response.end("END:VCALENDAR\r\n");
      } else if (path === "/html") {
        response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Sign in</title><p>Please sign in to see this calendar.</p>");
      } else {
        response.writeHead(404).end("Not found");
      }
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `node scripts/ical-feed-server.ts [port]`: serves the fixtures for trying the iCal sync locally (README).
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const server = await startFeedServer(Number(process.argv[2] ?? 8765));
  console.log(`Calendars on ${server.url}/fixtures/airbnb.ics (and booking.ics, timezones.ics, recurring.ics, cancelled.ics, empty.ics, malformed.ics)`);
}
