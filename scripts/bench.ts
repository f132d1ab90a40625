/**
 * Benchmark of the production build: first-load JavaScript per route and server time under load.
 *
 *   node scripts/bench.ts
 *
 * It builds the app, resets a local database of its own (.wrangler/bench) with the demo data,
 * serves the build with `vite preview` (workerd) on port 4180, signs in as the demo host, then
 * for each route measures the gzip size of its HTML and of the JavaScript the page loads before it
 * is interactive, and the response time of 200 requests (BENCH_REQUESTS) at a concurrency of 8. Routes are compared
 * with a floor: /404, a trivial page of the same build. It is a benchmark, not a test: it exits 0
 * even over budget, and non-zero only when the server or the sign-in fails.
 *
 * The machine may be shared: each route's p50 is compared with the floor's measured right before it
 * (not once for the whole run, when another process's load may come and go between the two), and
 * the CPU time of the server's processes per request (utime + stime from /proc, Linux) is printed
 * beside it, which the machine's load moves much less than wall time (decision 024).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { benchLive } from "./bench-live.ts";
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { startFeedServer } from "./ical-feed-server.ts";
import { pagesOf, readClientManifest } from "./bench-route-js.ts";
import { WorkerHeap } from "./bench-worker-heap.ts";

const PORT = Number(process.env.BENCH_PORT ?? 4180);
const ORIGIN = `http://localhost:${PORT}`;
/** BENCH_STATE=<dir>: measure a state seeded before (`seed.ts --persist-to <dir> …`) instead of seeding a fresh one. */
const STATE_DIR = process.env.BENCH_STATE ?? ".wrangler/bench";
const CLIENT_DIR = "build/client";
const READY_PATH = "/api/public/settings";
const READY_TIMEOUT_MS = 90_000;
/**
 * Requests per route, and as many to the floor beside it (BENCH_REQUESTS, a multiple of
 * BLOCK_REQUESTS; 200 unless told). A ratio of 200 moves by about ±0.15× between runs (the floor's
 * p50 alone ranged 43–58 ms within one run); BENCH_REQUESTS=800 narrows that (two runs of the
 * calendar's four pages agreed within 0.06×), though not for every route: the insights' 36-month
 * earnings measured 2.06× and 2.41× in two such runs, its server CPU moving with it.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
/**
 * Before anything is measured, each of the first account's measured routes gets ROUTE_WARMUP
 * requests and then the floor FLOOR_WARMUP (`warmUp`). A route is at its steady state after WARMUP
 * requests (600 gave the same p50), but the floor, the reference of every ratio, got faster over a
 * run, and not by its own requests alone: after 1,500 or 5,000 of them its p50 was still about 22 ms
 * before the first two routes and 17–19 ms before the later ones. Without the pass, the routes
 * measured first were compared with a slower floor than the rest (decision 024, "a warm floor").
 */
const FLOOR_WARMUP = 1_000;
const ROUTE_WARMUP = 100;
const CONCURRENCY = 8;
/** Budgets (issue 10 §7): the floor's first-load JS, any route's, and signed-in server time against the floor's. */
const BUDGET = { floorKb: 115, routeKb: 130, signedInP50Ratio: 2 };
const DEMO_EMAIL = "anna@demo.stayhost.example";
const HYBRID_EMAIL = "hybrid@demo.stayhost.example";
const AGENCY_EMAIL = "agency@demo.stayhost.example";
const STAFF_EMAIL = "staff@demo.stayhost.example";
const DEMO_PASSWORD = "stayhost-demo-2026";

const FLOOR = "/404";
/** `p50Ratio`: a route's own budget against the floor, where its issue sets one (the signed-in default otherwise). */
const ROUTES: { path: string; signedIn: boolean; p50Ratio?: number }[] = [
  { path: "/", signedIn: false },
  { path: "/legal", signedIn: false },
  { path: "/legal/atc", signedIn: false },
  { path: FLOOR, signedIn: false },
  { path: "/home", signedIn: true },
  { path: "/feature-toggle/bookings", signedIn: true },
  { path: "/properties", signedIn: true },
  // The demo loft's unit, found after sign-in (its ids are made by the API as it is seeded).
  { path: "{loft}/photos", signedIn: true },
  { path: "{loft}/rooms", signedIn: true },
  { path: "{loft}/price-and-availability", signedIn: true },
  // The loft's subscription pages (Anna's premium plan): the overview, managing it, buying a boost.
  { path: "{loft}/subscription-and-boosters", signedIn: true },
  { path: "{loft}/manage-subscription", signedIn: true },
  { path: "{loft}/boosters", signedIn: true },
  // Identity verification as an individual host walks it, and its last page.
  { path: "/verification/individual/identity", signedIn: true },
  { path: "/verification/individual/upload-id", signedIn: true },
  { path: "/verification/success", signedIn: true },
  // Promotions are for hosts who take bookings: the hybrid demo host's chalet, measured after the others with that host signed in.
  { path: "{chalet}/promotions", signedIn: true },
  // The agency demo host's bookings (its residence's guests), and the first of them.
  { path: "{agency}/bookings/all", signedIn: true },
  { path: "{agency}{booking}", signedIn: true },
  // The agency's inbox, grown to 500 conversations for the bench (issue 15: ≤ 2× the floor).
  { path: "{agency}/messages/all", signedIn: true },
  // Insights (issue 16): the agency's earnings and occupancy (commission with the earnings setting), with its 18 months of stays.
  { path: "{agency}/insights/earnings", signedIn: true },
  { path: "{agency}/insights/occupancy", signedIn: true },
  // The heaviest account tabs: a company's billing (configuration and business details) and payout (accounts, documents, history).
  { path: "{agency}/account/billing", signedIn: true },
  { path: "{agency}/account/payout", signedIn: true },
  // The demo loft's unit calendar (two months, one price-list call).
  { path: "/calendar/{unit}", signedIn: true },
  // Its iCal sync panel (the unit's imported calendars, one more call).
  { path: "/calendar/{unit}/sync", signedIn: true },
  // Its iCal import and export panels (BENCH_ONLY="/calendar/{unit}/" measures the three).
  { path: "/calendar/{unit}/import", signedIn: true },
  { path: "/calendar/{unit}/export", signedIn: true },
  // The demo loft's public listing page, as a guest without a session opens it.
  { path: "/stays/{unit}", signedIn: false },
  { path: "/listing/add-property", signedIn: true },
  // Insights of the demo host (performance and reviews over the last 12 months) and the DAC7 download page.
  { path: "/insights/performance", signedIn: true },
  { path: "/insights/reviews", signedIn: true },
  { path: "/insights/tax-report", signedIn: true },
  // The welcome tour's tutorials (the help menu's link on every page) and one tutorial with its picture's address.
  { path: "/tour/tutorials", signedIn: true },
  { path: "/tour/tutorials/modifyPrices", signedIn: true },
  // The account's profile (one call), as the individual demo host sees it.
  { path: "/account/profile", signedIn: true },
  // Staff's identity verifications (issue 17): the queue of hosts required to verify (the agency demo host) and the agency's review page.
  { path: "{staff}/staff/verifications?status=REQUIRED", signedIn: true },
  { path: "{staff}/staff/verifications/{host}", signedIn: true },
  // The multi-unit calendar of the bench's host: 50 units × 31 days, one API call (issue 12: ≤ 3× the floor).
  { path: "{bench}/calendar", signedIn: true, p50Ratio: 3 },
  // Every insights page of the insights host: 10,000 stays on 21 units over two years (issue 16: ≤ 2× the floor).
  { path: "{insights}/insights/performance", signedIn: true },
  { path: "{insights}/insights/earnings", signedIn: true },
  { path: "{insights}/insights/occupancy", signedIn: true },
  { path: "{insights}/insights/reviews", signedIn: true },
  // All of its 22 notifications (the header lists the newest five).
  { path: "{insights}/notifications", signedIn: true },
  { path: "{insights}/insights/earnings?period=custom&from={from36}&to={to36}", signedIn: true },
];
const BENCH_HOST_EMAIL = "bench@demo.stayhost.example";
/** The hosts of scripts/demo-volume.ts: insights over 10,000 stays, and DAC7 reports of 1,000 and 100,000 stays. */
const INSIGHTS_HOST_EMAIL = "insights@demo.stayhost.example";
const DAC7_HOST_EMAIL = "dac7@demo.stayhost.example";
/** The DAC7 download (BENCH_ONLY=dac7 alone, or a whole run). */
const measuresDac7 = !process.env.BENCH_ONLY || process.env.BENCH_ONLY === "dac7";
/** Issue 16: the report's first byte within 500 ms. */
const DAC7_FIRST_BYTE_BUDGET_MS = 500;
/** Downloads of each report, small and large in turn (BENCH_DAC7_ROUNDS, 3 unless told). */
const DAC7_ROUNDS = Number(process.env.BENCH_DAC7_ROUNDS ?? 3);
/** With BENCH_ONLY (see main), a route is measured when its path holds that text; the floor always. */
const measured = (path: string) => !process.env.BENCH_ONLY || path === FLOOR || path.includes(process.env.BENCH_ONLY);

/**
 * Without local observability (X_LOCAL_OBSERVABILITY=true keeps it): with `observability` on in
 * wrangler.jsonc, workerd tails every request of the seeding and the server into a trace store kept
 * in the state (<state>/v3/observability, about 8 KB a request: some 80 MB a run, which piled up in
 * a state reused with BENCH_STATE), and its collector runs in the measured workerd process (about
 * 0.5 ms of CPU a request at the floor, more on pages with more subrequests), which production does
 * not count against the Worker.
 */
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false" };
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

// ---------------------------------------------------------------------------------------------
// Setup: build, fresh database, preview server

function run(command: string, args: string[], extraEnv: Record<string, string> = {}) {
  const started = performance.now();
  try {
    execFileSync(command, args, { stdio: "pipe", env: { ...env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failure = error as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(failure.stdout?.toString() ?? "");
    process.stderr.write(failure.stderr?.toString() ?? "");
    throw new Error(`\`${command} ${args.join(" ")}\` failed`, { cause: error });
  }
  log(`${command} ${args.join(" ")} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

let server: ChildProcess | undefined;
const serverOutput: string[] = [];

function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null || server.pid === undefined) return;
  // The server runs in its own process group (npx → vite → workerd): end the whole group.
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

/** BENCH_SERVER_LOG=<file>: the server's whole output is written there too (the run keeps only its last lines). */
const serverLog = process.env.BENCH_SERVER_LOG;

function keepOutput(chunk: Buffer) {
  serverOutput.push(chunk.toString());
  if (serverLog) appendFileSync(serverLog, chunk);
  if (serverOutput.length > 200) serverOutput.splice(0, serverOutput.length - 200);
}

async function answers(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

async function startServer() {
  if ((await answers(ORIGIN + READY_PATH)) !== undefined) throw new Error(`Something already answers on port ${PORT}; stop it first.`);
  server = spawn("npx", ["vite", "preview"], {
    env: { ...env, PORT: String(PORT), APP_URL: ORIGIN, LOCAL_STATE_DIR: STATE_DIR },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  server.stdout?.on("data", keepOutput);
  server.stderr?.on("data", keepOutput);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) break;
    if ((await answers(ORIGIN + READY_PATH)) === 200) {
      log(`preview server ready on ${ORIGIN}`);
      return;
    }
    await sleep(300);
  }
  process.stderr.write(serverOutput.join(""));
  throw new Error(
    server.exitCode !== null || server.signalCode !== null
      ? `vite preview exited early (${server.exitCode ?? server.signalCode})`
      : `vite preview did not answer 200 on ${READY_PATH} within ${READY_TIMEOUT_MS / 1000} s`,
  );
}

// ---------------------------------------------------------------------------------------------
// A small cookie jar and a fetch that stays on localhost

const jar = new Map<string, string>();

function cookieHeader(): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

function storeCookies(response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = line.split(";");
    const index = pair.indexOf("=");
    if (index <= 0) continue;
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    const expired = attributes.some((cookieAttribute) => {
      const [key = "", raw = ""] = cookieAttribute.split("=");
      const keyName = key.trim().toLowerCase();
      if (keyName === "max-age") return Number(raw.trim()) <= 0;
      if (keyName === "expires") return Date.parse(raw.trim()) <= Date.now();
      return false;
    });
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}

function local(pathOrUrl: string, base = ORIGIN): URL {
  const url = new URL(pathOrUrl, base);
  if (url.origin !== ORIGIN) throw new Error(`Refusing to leave ${ORIGIN}: ${url.href}`);
  return url;
}

async function request(pathOrUrl: string, init: { method?: string; body?: string; headers?: Record<string, string>; cookies?: boolean } = {}) {
  const url = local(pathOrUrl);
  const headers: Record<string, string> = { Accept: "text/html", ...init.headers };
  if (init.cookies !== false && jar.size > 0) headers.Cookie = cookieHeader();
  if (init.method && init.method !== "GET") headers.Origin = ORIGIN;
  const response = await fetch(url, { method: init.method ?? "GET", body: init.body, headers, redirect: "manual" });
  storeCookies(response);
  const body = await response.text();
  return { url, status: response.status, location: response.headers.get("Location"), body };
}

/** Follows redirects by hand from a first response, keeping every cookie on the way. */
async function follow(first: Awaited<ReturnType<typeof request>>, trail: string[]) {
  let current = first;
  for (let hops = 0; current.status >= 300 && current.status < 400 && current.location; hops++) {
    if (hops >= 10) throw new Error(`Too many redirects: ${trail.join(" → ")}`);
    const next = local(current.location, current.url.href);
    trail.push(`${current.status} → ${next.pathname}`);
    current = await request(next.href);
  }
  return current;
}

async function signIn(email = DEMO_EMAIL) {
  const trail: string[] = ["GET /redirect/login"];
  const loginPage = await follow(await request("/redirect/login"), trail);
  if (loginPage.url.pathname !== "/login" || loginPage.status !== 200) {
    throw new Error(`Sign-in did not reach the login page: ${trail.join(" → ")} (${loginPage.status})`);
  }
  const authorizeQuery = loginPage.url.search.slice(1);
  if (!authorizeQuery) throw new Error("The login page was reached without an authorization request");
  const form = new URLSearchParams({ email, password: DEMO_PASSWORD, authorizeQuery });
  // Posted to the page's own address, as the browser's form does (the action reads only the form).
  trail.push(`POST /login`);
  const posted = await request(loginPage.url.href, {
    method: "POST",
    body: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  if (posted.status < 300 || posted.status >= 400 || !posted.location) {
    throw new Error(`POST /login answered ${posted.status} instead of a redirect to the callback: ${posted.body.slice(0, 300)}`);
  }
  const landing = await follow(posted, trail);
  if (landing.url.pathname !== "/home" || landing.status !== 200) {
    throw new Error(`Sign-in did not end at /home: ${trail.join(" → ")} (final ${landing.status} at ${landing.url.pathname})`);
  }
  log(`signed in as ${email}: ${trail.join(" → ")}`);
}

// ---------------------------------------------------------------------------------------------
// Measurements

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);
}

/** Every /assets/ script a page loads up front: modulepreloads, script src, and imports of inline module scripts. */
function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/^modulepreload$/i.test(attribute(tag, "rel") ?? "")) urls.add(attribute(tag, "href") ?? "");
  }
  for (const [, openTag = "", content = ""] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const src = attribute(openTag, "src");
    if (src) urls.add(src);
    else if (/\btype\s*=\s*["']?module/i.test(openTag)) {
      for (const match of content.matchAll(/\bimport\s*(?:[^"'();]*?\sfrom\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)) {
        const url = match[1] ?? match[2];
        if (url) urls.add(url);
      }
    }
  }
  return [...urls].map((url) => local(url).pathname).filter((path) => path.startsWith("/assets/") && path.endsWith(".js"));
}

/**
 * The client scripts of this run's build, read right after it: the server keeps serving pages of this
 * build even if something else rebuilds build/ meanwhile (another script, the end-to-end server).
 */
const clientScripts = new Map<string, Buffer>();

function snapshotClientScripts() {
  for (const entry of readdirSync(join(CLIENT_DIR, "assets"), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = join(entry.parentPath, entry.name);
    clientScripts.set("/" + file.slice(CLIENT_DIR.length + 1).split("\\").join("/"), readFileSync(file));
  }
}

function gzipBytes(paths: string[]): number {
  let total = 0;
  for (const path of paths) {
    const source = clientScripts.get(decodeURIComponent(path));
    if (!source) throw new Error(`${path} is not in ${CLIENT_DIR} of this build`);
    total += gzipSync(source, { level: 9 }).length;
  }
  return total;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? NaN;
}

async function load(path: string, signedIn: boolean, count: number) {
  const headers: Record<string, string> = { Accept: "text/html" };
  if (signedIn) headers.Cookie = cookieHeader();
  const url = ORIGIN + path;
  const durations: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next++;
      const t0 = performance.now();
      const response = await fetch(url, { headers, redirect: "manual" });
      await response.arrayBuffer();
      durations.push(performance.now() - t0);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = performance.now() - started;
  return summary({ durations, elapsed, statuses });
}

/** What requests took: each one's duration, the time they took together, the statuses answered. */
interface Samples {
  durations: number[];
  elapsed: number;
  statuses: Map<number, number>;
}

function summary({ durations, elapsed, statuses }: Samples) {
  const sorted = durations.toSorted((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), rps: (durations.length / elapsed) * 1000, statuses, samples: { durations, elapsed, statuses } };
}

/** Clock ticks per second of /proc's utime and stime. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds used so far by the server's processes (npx, vite, workerd: its process group), or undefined without /proc. */
function serverCpuSeconds(): number | undefined {
  const group = server?.pid;
  if (group === undefined || !existsSync("/proc/self/stat")) return undefined;
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command's closing parenthesis: state, ppid, pgrp, …, utime (12th), stime (13th).
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ").at(-1)!.split(" ");
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / CLOCK_TICKS;
}

/** A block of `count` requests with the server's CPU per request spent on them. */
async function timedBlock(path: string, signedIn: boolean, count: number) {
  const cpuBefore = serverCpuSeconds();
  const timing = await load(path, signedIn, count);
  const cpuAfter = serverCpuSeconds();
  return { ...timing, cpuSeconds: cpuBefore === undefined || cpuAfter === undefined ? NaN : cpuAfter - cpuBefore };
}

/** The blocks of one path taken together: percentiles over all their requests, CPU per request. */
function merged(blocks: Awaited<ReturnType<typeof timedBlock>>[]) {
  const samples: Samples = { durations: blocks.flatMap((b) => b.samples.durations), elapsed: 0, statuses: new Map() };
  for (const block of blocks) {
    samples.elapsed += block.samples.elapsed;
    for (const [status, n] of block.statuses) samples.statuses.set(status, (samples.statuses.get(status) ?? 0) + n);
  }
  const cpuSeconds = blocks.reduce((sum, b) => sum + b.cpuSeconds, 0);
  return { ...summary(samples), cpuMs: (cpuSeconds * 1000) / samples.durations.length };
}

/** The REQUESTS of a route and of the floor are sent in blocks of this many, alternating (see `interleaved`). */
const BLOCK_REQUESTS = 50;
const ROUNDS = REQUESTS / BLOCK_REQUESTS;
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`BENCH_REQUESTS=${process.env.BENCH_REQUESTS}: a multiple of ${BLOCK_REQUESTS}, please`);

/**
 * A route and the floor measured in alternating blocks (floor, route, floor, route, …), each after
 * WARMUP requests: both see the same moments of a shared machine, so a moment of load or a pause
 * falls on both rather than on one of them (a floor measured once before the route moved its ratio
 * by ±0.3× between runs). Each gets REQUESTS requests at CONCURRENCY; their p50 is over all of them.
 */
async function interleaved(path: string, signedIn: boolean) {
  await load(FLOOR, false, WARMUP);
  if (path !== FLOOR) await load(path, signedIn, WARMUP);
  const floorBlocks = [];
  const routeBlocks = [];
  for (let round = 0; round < ROUNDS; round++) {
    floorBlocks.push(await timedBlock(FLOOR, false, BLOCK_REQUESTS));
    if (path !== FLOOR) routeBlocks.push(await timedBlock(path, signedIn, BLOCK_REQUESTS));
  }
  const floor = merged(floorBlocks);
  return { floor, route: path === FLOOR ? floor : merged(routeBlocks) };
}

type Timing = ReturnType<typeof merged>;
type Result = { path: string; signedIn: boolean; p50Ratio?: number; jsBytes: number; htmlBytes: number; scripts: number; status: number; p50: number; p95: number; rps: number; cpuMs: number; statuses: Map<number, number>; floor: Timing };

async function measure(path: string, signedIn: boolean): Promise<Result> {
  const page = await request(path, { cookies: signedIn });
  if (signedIn && page.status !== 200) throw new Error(`${path} answered ${page.status} with the session (expected 200) — is the sign-in lost?`);
  if (page.status >= 300 && page.status < 400) throw new Error(`${path} redirects to ${page.location}; nothing to measure`);
  const scripts = firstLoadScripts(page.body);
  if (scripts.length === 0) throw new Error(`${path}: no /assets/ scripts found in the page`);
  const jsBytes = gzipBytes(scripts);
  const { floor, route: timing } = await interleaved(path, signedIn);
  const htmlBytes = gzipSync(page.body, { level: 9 }).length;
  return { path, signedIn, jsBytes, htmlBytes, scripts: scripts.length, status: page.status, ...timing, floor };
}

// ---------------------------------------------------------------------------------------------
// Report

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => value.toFixed(1);
const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;

function printTable(results: Result[]) {
  const floor = results.find((result) => result.path === FLOOR)!;
  const header = ["route", "HTML (KB gz)", "first-load JS (KB gz)", "ratio to floor", "p50 ms", "p95 ms", "floor p50 ms alongside", "ratio p50 to floor", "req/s", "server CPU ms/req", "ratio CPU to floor"];
  const rows = results.map((r) => [
    r.path,
    kb(r.htmlBytes),
    kb(r.jsBytes),
    ratio(r.jsBytes, floor.jsBytes),
    ms(r.p50),
    ms(r.p95),
    ms(r.floor.p50),
    ratio(r.p50, r.floor.p50),
    r.rps.toFixed(0),
    ms(r.cpuMs),
    ratio(r.cpuMs, r.floor.cpuMs),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(" | ")} |`;
  const out: string[] = [];
  out.push("");
  out.push(`Benchmark: production build via vite preview (workerd) on ${ORIGIN}; ${REQUESTS} GETs per route and as many to the floor in ${ROUNDS} alternating blocks at concurrency ${CONCURRENCY} after ${WARMUP} warm-up requests each (and first a warm-up pass: ${ROUTE_WARMUP} requests to each route of the first account, ${FLOOR_WARMUP} to the floor)`);
  out.push("");
  out.push(line(header));
  out.push(`|${widths.map((width, column) => (column === 0 ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`);
  for (const row of rows) out.push(line(row));
  out.push("");
  out.push(
    `floor: ${FLOOR} (static not-found page) — ${kb(floor.jsBytes)} KB gz first-load JS, ${kb(floor.htmlBytes)} KB gz HTML, p50 ${ms(floor.p50)} ms, p95 ${ms(floor.p95)} ms, ${floor.rps.toFixed(0)} req/s, server CPU ${ms(floor.cpuMs)} ms/request; measured alongside each route (alternating blocks), its p50 ranged ${ms(Math.min(...results.map((r) => r.floor.p50)))}–${ms(Math.max(...results.map((r) => r.floor.p50)))} ms`,
  );
  out.push(
    `statuses: ${results.map((r) => `${r.path} ${[...r.statuses].map(([status, count]) => (r.statuses.size > 1 ? `${status}×${count}` : String(status))).join("/")}`).join(", ")}`,
  );
  const verdict = (over: Result[], describe: (r: Result) => string) => (over.length === 0 ? "within budget" : `OVER BUDGET: ${over.map(describe).join(", ")}`);
  out.push(`budget: floor first-load JS ≤ ${BUDGET.floorKb} KB gz — ${verdict(floor.jsBytes / 1024 > BUDGET.floorKb ? [floor] : [], (r) => `${kb(r.jsBytes)} KB`)}`);
  out.push(
    `budget: first-load JS ≤ ${BUDGET.routeKb} KB gz per route — ${verdict(
      results.filter((r) => r.jsBytes / 1024 > BUDGET.routeKb),
      (r) => `${r.path} (${kb(r.jsBytes)} KB)`,
    )}`,
  );
  out.push(
    `budget: signed-in p50 ≤ ${BUDGET.signedInP50Ratio}× the floor's — ${verdict(
      results.filter((r) => r.signedIn && r.p50Ratio === undefined && r.p50 / r.floor.p50 > BUDGET.signedInP50Ratio),
      (r) => `${r.path} (${ratio(r.p50, r.floor.p50)})`,
    )}`,
  );
  for (const r of results.filter((result) => result.p50Ratio !== undefined)) {
    out.push(`budget: ${r.path} p50 ≤ ${r.p50Ratio}× the floor's — ${verdict(r.p50 / r.floor.p50 > r.p50Ratio! ? [r] : [], (over) => `${ratio(over.p50, over.floor.p50)}`)} (${ratio(r.p50, r.floor.p50)}; CPU ${ratio(r.cpuMs, r.floor.cpuMs)})`);
  }
  console.log(out.join("\n"));
}

/**
 * The first-load JavaScript of every page of the build (from its client manifest, `bench-route-js.ts`):
 * the routes over the per-route budget and the heaviest, whatever BENCH_ONLY says.
 */
function printEveryRoute() {
  const pages = pagesOf(readClientManifest(CLIENT_DIR))
    .map((page) => ({ ...page, bytes: gzipBytes(page.scripts) }))
    .sort((a, b) => b.bytes - a.bytes);
  const over = pages.filter((page) => page.bytes / 1024 > BUDGET.routeKb);
  const list = (some: typeof pages) => some.map((page) => `${page.routeId} (${kb(page.bytes)} KB)`).join(", ");
  console.log(
    [
      "",
      `every route of the build (${pages.length} pages, from its client manifest): first-load JS ${kb(pages.at(-1)!.bytes)}–${kb(pages[0]!.bytes)} KB gz; heaviest: ${list(pages.slice(0, 5))}`,
      `budget: first-load JS ≤ ${BUDGET.routeKb} KB gz on every route of the build — ${over.length === 0 ? "within budget" : `OVER BUDGET: ${over.length} of ${pages.length}: ${list(over)}`}`,
    ].join("\n"),
  );
}

// ---------------------------------------------------------------------------------------------

/** The path of a demo property's first unit, `/properties/{propertyId}/units/{unitId}`, read from the property list and page. */
async function unitPathOf(title: string): Promise<string> {
  const list = await request(`/properties?search=${encodeURIComponent(title)}`);
  const propertyPath = /href="(\/properties\/prp_\w+)"/.exec(list.body)?.[1];
  if (!propertyPath) throw new Error(`The demo property ${title} is not on the property list`);
  const unitPath = new RegExp(`href="(${propertyPath}/units/unt_\\w+)"`).exec((await request(propertyPath)).body)?.[1];
  if (!unitPath) throw new Error(`The page of ${title} links no unit`);
  return unitPath;
}

/** The warm-up pass before the first measurement (see FLOOR_WARMUP). */
async function warmUp(routes: { url: string; signedIn: boolean }[]) {
  for (const route of routes) await load(route.url, route.signedIn, ROUTE_WARMUP);
  await load(FLOOR, false, FLOOR_WARMUP);
}

/** A route measured with the floor in alternating blocks: both see the same load of the machine. */
async function measureAfterFloor(path: string, name: string, signedIn: boolean): Promise<Result> {
  const result = await measure(path, signedIn);
  log(`${name}: ${result.scripts} scripts, ${(result.jsBytes / 1024).toFixed(1)} KB gz, p50 ${result.p50.toFixed(1)} ms (floor alongside ${result.floor.p50.toFixed(1)} ms), server CPU ${result.cpuMs.toFixed(1)} ms/request`);
  return result;
}

/** Sends a panel's form as the browser does (with the session's cookies and our Origin). */
async function postForm(path: string, fields: Record<string, string>) {
  return request(path, { method: "POST", body: new URLSearchParams(fields).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Server wall time and CPU of one request (or several at once): what the server spent on it. */
async function serverTime<T>(work: () => Promise<T>) {
  const cpuBefore = serverCpuSeconds();
  const started = performance.now();
  const value = await work();
  const wallMs = performance.now() - started;
  const cpuAfter = serverCpuSeconds();
  return { value, ms: wallMs, cpuMs: cpuBefore === undefined || cpuAfter === undefined ? Number.NaN : (cpuAfter - cpuBefore) * 1000 };
}

/**
 * iCal (decision 028): a feed of 1,000 events (one-night stays every day from 29 days ago: the 759
 * in the two-year window take nights) imported into the demo loft and synced again, each sync under
 * 2 s of server time; then the loft's calendar exported with 1,000 events of ours (one-night blocks
 * every other day, made through the block-dates panel; bookings are exported from the same taken
 * nights), read as a stream.
 */
async function benchIcal(unitId: string) {
  const feeds = await startFeedServer();
  try {
    const budgetMs = 2_000;
    const url = `${feeds.url}/generated/1000.ics?from=-29&every=1&nights=1`;
    const added = await serverTime(() => postForm(`/calendar/${unitId}/import`, { intent: "add", name: "Bench: 1,000 events", url }));
    if (added.value.status !== 302) throw new Error(`Adding the feed answered ${added.value.status}: ${added.value.body.slice(0, 300)}`);
    const panel = (await request(`/calendar/${unitId}/sync`)).body;
    const feedId = /name="feedId" value="(icf_\w+)"/.exec(panel)?.[1];
    if (!feedId) throw new Error("The sync panel shows no feed");
    const events = />Events: (\d+)</.exec(panel)?.[1];
    // 1,000 events in the file; those in the window (759) are the feed's events and take nights.
    if (events !== "759") throw new Error(`The feed was not read whole: ${events ?? "no"} events in the window`);
    const syncs = [];
    for (let i = 0; i < 5; i++) syncs.push(await serverTime(() => postForm(`/calendar/${unitId}/sync`, { intent: "sync", feedId })));
    const syncMs = median(syncs.map((s) => s.ms));
    const syncCpu = median(syncs.map((s) => s.cpuMs));
    log(`iCal import of 1,000 events (${events} in the window, each a night taken): first sync ${added.ms.toFixed(0)} ms (server CPU ${added.cpuMs.toFixed(0)} ms), sync again p50 ${syncMs.toFixed(0)} ms (server CPU ${syncCpu.toFixed(0)} ms), budget ${budgetMs} ms: ${Math.max(added.ms, syncMs) < budgetMs ? "within" : "OVER"}`);
    await postForm(`/calendar/${unitId}/import`, { intent: "remove", feedId });

    const today = Date.now();
    const blocks = Array.from({ length: 1000 }, (_, i) => new Date(today + (800 + i * 2) * 86_400_000).toISOString().slice(0, 10));
    const made = await serverTime(async () => {
      for (let start = 0; start < blocks.length; start += CONCURRENCY) {
        await Promise.all(blocks.slice(start, start + CONCURRENCY).map((day) => postForm(`/calendar/${unitId}/block-dates`, { intent: "block", from: day, to: day })));
      }
    });
    log(`iCal export: 1,000 blocks made in ${(made.ms / 1000).toFixed(1)} s`);
    const address = /value="([^"]+\/api\/public\/ical\/[^"]+\.ics)"/.exec((await request(`/calendar/${unitId}/export`)).body)?.[1];
    if (!address) throw new Error("The export panel shows no address");
    // The address is made on APP_URL's origin; the bench's server listens on its own port.
    const exportUrl = new URL(new URL(address).pathname, ORIGIN).href;
    const exported = await serverTime(async () => {
      const started = performance.now();
      const response = await fetch(exportUrl);
      const reader = response.body!.getReader();
      let firstChunkMs = Number.NaN;
      let chunks = 0;
      let text = "";
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!chunks++) firstChunkMs = performance.now() - started;
        text += decoder.decode(value, { stream: true });
      }
      return { firstChunkMs, chunks, events: text.match(/BEGIN:VEVENT/g)?.length ?? 0, length: response.headers.get("content-length"), bytes: text.length };
    });
    const e = exported.value;
    log(`iCal export: ${e.events} events, ${(e.bytes / 1024).toFixed(0)} KB in ${e.chunks} chunks (${e.length === null ? "streamed, no Content-Length" : `Content-Length ${e.length}`}), first bytes after ${e.firstChunkMs.toFixed(0)} ms, whole in ${exported.ms.toFixed(0)} ms (server CPU ${exported.cpuMs.toFixed(0)} ms)`);
  } finally {
    await feeds.close();
  }
}

/** The server's workerd processes (found once: scanning /proc every few milliseconds would cost the CPU it measures). */
let workerdPids: string[] | undefined;

function workerdKb(): number {
  workerdPids ??= readdirSync("/proc").filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      return Number(stat.split(") ").at(-1)!.split(" ")[2]) === server?.pid && /\(workerd\)/.test(stat);
    } catch {
      return false;
    }
  });
  let total = 0;
  for (const pid of workerdPids) {
    try {
      total += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // ended
    }
  }
  return workerdPids.length ? total : Number.NaN;
}

/** Where a live download pauses for the Worker's live heap: at each tenth of the file. */
const LIVE_CHECKPOINTS = 9;

/** Bytes as megabytes with one decimal. */
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * One DAC7 download as the browser makes it (the web's resource route `/insights/tax-report/{year}`,
 * which passes the API's stream on): the time to the first bytes and to the end, the size, the rental
 * activities in it, and the Worker's memory while it streams: the peak of its V8 heap (garbage
 * included, sampled through its inspector every 20 ms), the resident memory of the workerd process
 * (sampled every 5 ms; it also holds the local D1 and SQLite's cache), and how long the inspector
 * waited at most for an answer (the Worker's event loop held).
 *
 * With `live`, the download pauses at each tenth of the file (`sizeHint`, the bytes of an earlier
 * download of the same year) while the Worker's live heap is measured after a full garbage collection
 * (`WorkerHeap.live`), and once before and after: flat when the Worker holds nothing more as the file
 * grows. Those pauses take seconds, so a live download's times are not reported.
 */
async function dac7Download(year: number, options: { heap: WorkerHeap | null; sizeHint?: number; live?: boolean }) {
  const { heap, sizeHint } = options;
  const live = options.live && heap && sizeHint ? heap : null;
  const liveBefore = live ? await live.live() : Number.NaN;
  const before = workerdKb();
  let peak = before;
  let bytes = 0;
  const rssSampler = setInterval(() => {
    const now = workerdKb();
    if (now > peak) peak = now;
  }, 5);
  const liveDuring: number[] = [];
  const cpuBefore = serverCpuSeconds();
  const started = performance.now();
  // Asked before the inspector: a download that comes right after the one before (waiting for the
  // inspector first would give the Worker's event loop a turn in between).
  const responded = fetch(`${ORIGIN}/insights/tax-report/${year}`, { headers: { Cookie: cookieHeader() } });
  heap?.resetWait();
  const usedBefore = heap ? await heap.used() : Number.NaN;
  const stopHeapSampling = heap?.sampleUsed();
  try {
    const response = await responded;
    // The session may be renewed on the way (its cookie rotates): keep it for the next download.
    storeCookies(response);
    if (response.status !== 200 || !response.body) {
      process.stderr.write(serverOutput.slice(-40).join(""));
      throw new Error(`The DAC7 report of ${year} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let firstByteMs = Number.NaN;
    let activities = 0;
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
      bytes += value.byteLength;
      const lines = (rest + decoder.decode(value, { stream: true })).split("\r\n");
      rest = lines.pop() ?? "";
      // A rental activity's line: its listing (L1, L2, …), unit, booking code, check-in.
      activities += lines.filter((line) => /^L\d+,[^,]*,[A-Z0-9]+,\d{4}-\d{2}-\d{2},/.test(line)).length;
      // Paused here (nothing read), the stream stops at the Worker once the buffers between are full.
      if (live) {
        while (liveDuring.length < LIVE_CHECKPOINTS && bytes >= (sizeHint! * (liveDuring.length + 1)) / (LIVE_CHECKPOINTS + 1)) liveDuring.push(await live.live());
      }
    }
    const totalMs = performance.now() - started;
    const cpuAfter = serverCpuSeconds();
    const usedPeak = stopHeapSampling ? await stopHeapSampling() : Number.NaN;
    return {
      firstByteMs,
      totalMs,
      bytes,
      activities,
      disposition: response.headers.get("content-disposition"),
      length: response.headers.get("content-length"),
      beforeKb: before,
      peakKb: Math.max(peak, workerdKb()),
      usedBefore,
      usedPeak,
      longestWaitMs: heap?.longestWaitMs ?? Number.NaN,
      liveBefore,
      liveDuring,
      liveAfter: live ? await live.live() : Number.NaN,
      cpuMs: cpuBefore === undefined || cpuAfter === undefined ? Number.NaN : (cpuAfter - cpuBefore) * 1000,
    };
  } finally {
    clearInterval(rssSampler);
    await stopHeapSampling?.();
  }
}

/** A download's first bytes and whole time, nothing else measured (several may run at once). */
async function dac7FirstByte(year: number) {
  const started = performance.now();
  const response = await fetch(`${ORIGIN}/insights/tax-report/${year}`, { headers: { Cookie: cookieHeader() } });
  if (response.status !== 200 || !response.body) throw new Error(`The DAC7 report of ${year} answered ${response.status}`);
  const reader = response.body.getReader();
  let firstByteMs = Number.NaN;
  for (;;) {
    const { done } = await reader.read();
    if (done) break;
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
  }
  return { firstByteMs, totalMs: performance.now() - started };
}

/**
 * The small report's downloads while the large one streams (its pages read in the same Worker and
 * the same local D1): one after the other, a pause of 200 ms between, until the large one ends.
 */
async function dac7DuringLarge(small: number, large: number) {
  const whileLarge: Awaited<ReturnType<typeof dac7FirstByte>>[] = [];
  const state = { largeDone: false };
  const largeDownload = dac7FirstByte(large).finally(() => (state.largeDone = true));
  await sleep(200);
  while (!state.largeDone) {
    whileLarge.push(await dac7FirstByte(small));
    await sleep(200);
  }
  return { large: await largeDownload, small: whileLarge };
}

/**
 * DAC7 (issue 16, decision 035): the DAC7 host's reports of 1,000 and 100,000 stays, each downloaded
 * three times (BENCH_DAC7_ROUNDS), small and large in turn, each right after the other: first byte
 * (budget 500 ms), whole download, and the Worker's memory (the peak of its heap, the process's
 * resident memory); then the small one again and again while the large one streams (first byte);
 * then each once more, paused at each tenth, for the Worker's live heap.
 */
async function benchDac7() {
  const lastYear = new Date().getUTCFullYear() - 1;
  const sizes = [
    { year: lastYear - 1, stays: 1_000 },
    { year: lastYear, stays: 100_000 },
  ];
  const heap = await WorkerHeap.connect(PORT + 5000, "host-app");
  if (!heap) log("DAC7: the Worker's inspector does not answer: its heap is not measured");
  const runs = new Map<number, Awaited<ReturnType<typeof dac7Download>>[]>();
  const liveRuns = new Map<number, Awaited<ReturnType<typeof dac7Download>>>();
  const failures: string[] = [];
  const download = async (year: number, round: string, live: boolean) => {
    try {
      return await dac7Download(year, { heap, sizeHint: runs.get(year)?.[0]?.bytes, live });
    } catch (error) {
      const message = `${year} ${round}: ${error instanceof Error ? error.message.split("\n")[0]!.slice(0, 200) : String(error)}; the floor answers ${await answers(ORIGIN + FLOOR)} right after`;
      failures.push(message);
      log(`DAC7 download FAILED: ${message}`);
      return null;
    }
  };
  for (let round = 0; round < DAC7_ROUNDS; round++) {
    for (const { year } of sizes) {
      const result = await download(year, `round ${round + 1}`, false);
      if (!result) continue;
      runs.set(year, [...(runs.get(year) ?? []), result]);
      log(
        `DAC7 ${year} round ${round + 1}: ${result.activities} rental activities, ${mb(result.bytes)} MB (${result.length === null ? "streamed, no Content-Length" : `Content-Length ${result.length}`}), first byte ${result.firstByteMs.toFixed(0)} ms, whole ${(result.totalMs / 1000).toFixed(1)} s (server CPU ${(result.cpuMs / 1000).toFixed(1)} s); Worker heap ${mb(result.usedBefore)} MB before, peak ${mb(result.usedPeak)} MB, inspector answered within ${result.longestWaitMs.toFixed(0)} ms; workerd RSS ${(result.beforeKb / 1024).toFixed(0)} MB before, peak +${((result.peakKb - result.beforeKb) / 1024).toFixed(1)} MB`,
      );
    }
  }
  // The small report while the large one streams: its first bytes wait for at most the page in flight.
  let during: Awaited<ReturnType<typeof dac7DuringLarge>> | null = null;
  try {
    during = await dac7DuringLarge(sizes[0]!.year, sizes[1]!.year);
    log(
      `DAC7 ${sizes[0]!.year} while ${sizes[1]!.year} streams (${(during.large.totalMs / 1000).toFixed(1)} s, its first byte ${during.large.firstByteMs.toFixed(0)} ms): ${during.small.length} downloads, first byte ${during.small.map((x) => x.firstByteMs.toFixed(0)).join(" / ")} ms`,
    );
  } catch (error) {
    const message = `during the large download: ${error instanceof Error ? error.message : String(error)}`;
    failures.push(message);
    log(`DAC7 download FAILED: ${message}`);
  }
  if (heap) {
    for (const { year } of sizes) {
      if (!runs.get(year)) continue;
      const result = await download(year, "live heap", true);
      if (!result) continue;
      liveRuns.set(year, result);
      log(`DAC7 ${year} live heap of the Worker (after a full garbage collection): before ${mb(result.liveBefore)} MB, at each tenth of the file ${result.liveDuring.map(mb).join(" / ")} MB, after ${mb(result.liveAfter)} MB`);
    }
    heap.close();
  }
  const out = [
    "",
    `DAC7 report (the web's download route, streamed from the API), ${DAC7_ROUNDS} downloads each, small and large in turn, then the small one while the large one streams, then one paused at each tenth for the live heap:`,
    "",
  ];
  out.push(
    "| year | stays | rental activities in the file | size MB | first byte p50 ms (max) | whole download p50 s | server CPU p50 s | Worker heap peak p50 MB (max), garbage included | Worker live heap before → at the first and the last tenth of the file (highest) MB | inspector's longest wait ms (max) | workerd RSS peak rise p50 MB (max) |",
  );
  out.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const { year, stays } of sizes) {
    const r = runs.get(year);
    if (!r) continue;
    const rise = r.map((x) => (x.peakKb - x.beforeKb) / 1024);
    const usedPeaks = r.map((x) => x.usedPeak);
    const l = liveRuns.get(year);
    out.push(
      `| ${year} | ${stays.toLocaleString("en")} | ${r[0]!.activities.toLocaleString("en")} | ${mb(r[0]!.bytes)} | ${median(r.map((x) => x.firstByteMs)).toFixed(0)} (${Math.max(...r.map((x) => x.firstByteMs)).toFixed(0)}) | ${(median(r.map((x) => x.totalMs)) / 1000).toFixed(1)} | ${(median(r.map((x) => x.cpuMs)) / 1000).toFixed(1)} | ${mb(median(usedPeaks))} (${mb(Math.max(...usedPeaks))}) | ${l ? `${mb(l.liveBefore)} → ${mb(l.liveDuring[0]!)} … ${mb(l.liveDuring.at(-1)!)} (${mb(Math.max(...l.liveDuring))})` : "–"} | ${Math.max(...r.map((x) => x.longestWaitMs)).toFixed(0)} | ${median(rise).toFixed(1)} (${Math.max(...rise).toFixed(1)}) |`,
    );
    if (r[0]!.activities !== stays) out.push(`WARNING: the ${year} report holds ${r[0]!.activities} rental activities, not ${stays}`);
  }
  if (during?.small.length) {
    const firstBytes = during.small.map((x) => x.firstByteMs);
    out.push(
      `| ${sizes[0]!.year}, while the ${sizes[1]!.stays.toLocaleString("en")}-stay report streams | ${sizes[0]!.stays.toLocaleString("en")} | | | ${median(firstBytes).toFixed(0)} (${Math.max(...firstBytes).toFixed(0)}), ${firstBytes.length} downloads | ${(median(during.small.map((x) => x.totalMs)) / 1000).toFixed(1)} | | | | | |`,
    );
  }
  for (const failure of failures) out.push(`FAILED download: ${failure}`);
  const large = runs.get(lastYear);
  const firstBytes = [...[...runs.values()].flat().map((x) => x.firstByteMs), ...(during ? [during.large.firstByteMs, ...during.small.map((x) => x.firstByteMs)] : [])];
  const worstFirstByte = Math.max(...firstBytes);
  out.push("");
  out.push(`budget: first byte < ${DAC7_FIRST_BYTE_BUDGET_MS} ms — ${worstFirstByte < DAC7_FIRST_BYTE_BUDGET_MS ? "within budget" : "OVER BUDGET"} (slowest of ${firstBytes.length}: ${worstFirstByte.toFixed(0)} ms)`);
  const small = liveRuns.get(lastYear - 1);
  const big = liveRuns.get(lastYear);
  if (small && big) {
    // What the Worker holds while a page is under way, above its level before, and whether that grows
    // with the file: the highest of the file's second half against the highest of its first. One page
    // in flight (500 bookings read, their CSV, its bytes) is a megabyte or two, wherever the pause falls.
    const inFlight = (result: typeof big) => Math.max(...result.liveDuring) - result.liveBefore;
    const half = Math.floor(LIVE_CHECKPOINTS / 2);
    const growth = Math.max(...big.liveDuring.slice(half)) - Math.max(...big.liveDuring.slice(0, half));
    out.push(
      `memory: while the file streams the Worker's live heap is at most ${mb(inFlight(small))} MB above its level before for ${sizes[0]!.stays.toLocaleString("en")} stays and ${mb(inFlight(big))} MB for ${sizes[1]!.stays.toLocaleString("en")}; the large file's second half holds ${mb(growth)} MB more than its first at most — ${growth < 2 * 1024 * 1024 ? "flat (within one page in flight)" : "NOT FLAT"}`,
    );
  }
  out.push(`failures: ${failures.length ? `${failures.length} download(s) failed` : "none (each download right after the one before)"}`);
  if (large) out.push(`streamed: ${large.every((x) => x.length === null) ? "no Content-Length, the file arrives in chunks" : "a Content-Length was sent"}; ${large[0]!.disposition}`);
  console.log(out.join("\n"));
}

async function main() {
  const started = performance.now();
  run("npx", ["react-router", "build"]);
  snapshotClientScripts();
  if (!process.env.BENCH_STATE) rmSync(STATE_DIR, { recursive: true, force: true });
  // The volume hosts take minutes to make (scripts/demo-volume.ts): only when their pages are measured.
  const volumeHosts = [...(ROUTES.some((r) => r.path.startsWith("{insights}") && measured(r.path)) ? ["--insights-host"] : []), ...(measuresDac7 ? ["--dac7-host"] : [])];
  if (!process.env.BENCH_STATE) run("node", ["scripts/seed.ts", "--persist-to", STATE_DIR, "--bench-host", ...volumeHosts]);
  await startServer();
  await signIn();
  const loft = await unitPathOf("Loft by the Spree");
  const results: Result[] = [];
  // BENCH_ONLY=<text> measures only the routes whose path holds it ("ical": only the iCal import and export).
  const only = process.env.BENCH_ONLY;
  const demoRoutes = ROUTES.filter((route) => !/^\{(chalet|agency|bench|insights|staff)\}/.test(route.path) && measured(route.path)).map((route) => ({
    ...route,
    url: route.path.replace("{loft}", loft).replace("{unit}", loft.split("/").at(-1)!),
  }));
  await warmUp(demoRoutes);
  for (const route of demoRoutes) results.push(await measureAfterFloor(route.url, route.path, route.signedIn));
  if (!only || only === "ical") await benchIcal(loft.split("/").at(-1)!);
  jar.clear();
  await signIn(HYBRID_EMAIL);
  const chalet = await unitPathOf("Chalet Matterhornblick");
  for (const route of ROUTES.filter((r) => r.path.startsWith("{chalet}") && measured(r.path))) {
    results.push(await measureAfterFloor(route.path.replace("{chalet}", chalet), route.path, route.signedIn));
  }
  const agencyRoutes = ROUTES.filter((r) => r.path.startsWith("{agency}") && (!only || r.path.includes(only) || "bookings".includes(only)));
  if (agencyRoutes.length) {
    jar.clear();
    await signIn(AGENCY_EMAIL);
    const booking = /href="(\/booking-details\/bkg_\w+)"/.exec((await request("/bookings/all")).body)?.[1];
    if (!booking) throw new Error("The agency demo host's bookings list links no booking");
    for (const route of agencyRoutes) {
      results.push(await measureAfterFloor(route.path.replace("{agency}", "").replace("{booking}", booking), route.path.replace("{agency}", ""), route.signedIn));
    }
  }
  // The live chat: a guest's message to the agency host's socket (issue 15: median under 100 ms; BENCH_ONLY=live alone).
  if (!only || only === "live") {
    jar.clear();
    await signIn(AGENCY_EMAIL);
    const unitId = (await unitPathOf("Bilocale Mare")).split("/").at(-1)!;
    const hostLiveToken = async () => (JSON.parse((await request("/resources/live-token", { headers: { Accept: "application/json" } })).body) as { token: string }).token;
    await benchLive(ORIGIN, hostLiveToken, unitId, log);
  }
  const staffRoutes = ROUTES.filter((r) => r.path.startsWith("{staff}") && measured(r.path));
  if (staffRoutes.length) {
    jar.clear();
    await signIn(STAFF_EMAIL);
    const review = /href="(\/staff\/verifications\/usr_\w+)"/.exec((await request("/staff/verifications?status=REQUIRED")).body)?.[1];
    if (!review) throw new Error("The staff's verification queue links no host required to verify (the agency demo host)");
    for (const route of staffRoutes) {
      results.push(await measureAfterFloor(route.path.replace("{staff}", "").replace("/staff/verifications/{host}", review), route.path.replace("{staff}", ""), route.signedIn));
    }
  }
  const benchRoutes = ROUTES.filter((r) => r.path.startsWith("{bench}") && measured(r.path));
  if (benchRoutes.length) {
    jar.clear();
    await signIn(BENCH_HOST_EMAIL);
    for (const route of benchRoutes) {
      const result = await measureAfterFloor(route.path.replace("{bench}", ""), route.path, route.signedIn);
      results.push({ ...result, path: `${result.path} (50 units)`, p50Ratio: route.p50Ratio });
    }
  }
  const insightsRoutes = ROUTES.filter((r) => r.path.startsWith("{insights}") && measured(r.path));
  if (insightsRoutes.length) {
    jar.clear();
    await signIn(INSIGHTS_HOST_EMAIL);
    const thisMonth = new Date().toISOString().slice(0, 7);
    const monthsBack = (months: number) => new Date(Date.UTC(Number(thisMonth.slice(0, 4)), Number(thisMonth.slice(5, 7)) - 1 - months, 1)).toISOString().slice(0, 7);
    for (const route of insightsRoutes) {
      const path = route.path.replace("{insights}", "").replace("{from36}", monthsBack(35)).replace("{to36}", thisMonth);
      const result = await measureAfterFloor(path, route.path, route.signedIn);
      results.push({ ...result, path: `${route.path.replace("{insights}", "").replace("?period=custom&from={from36}&to={to36}", " (36 months)")} (10,000 stays)` });
    }
  }
  if (measuresDac7) {
    jar.clear();
    await signIn(DAC7_HOST_EMAIL);
    await benchDac7();
  }
  if (results.length) printTable(results);
  printEveryRoute();
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopServer();
    process.exit(130);
  });
}
process.on("exit", stopServer);

try {
  await main();
} catch (error) {
  console.error(`[bench] FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  stopServer();
}
