/**
 * The server the end-to-end tests run against: the production build, served by workerd through
 * `vite preview`, over a fresh local database with the demo data (scripts/seed.ts migrates it).
 *
 * With E2E_APART_API_URL and E2E_APART_WEB_URL it also runs the same build as two more Workers, the
 * host API and the web apart (decision 018): the API over its own copy of the demo data, the web
 * pointed at it with HOST_API_URL over an unmigrated database, so any use of its own fails loudly.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { encodePng } from "./png.ts";

const stateDir = process.env.LOCAL_STATE_DIR ?? ".wrangler/e2e";

/** Runs a command to its end; rejects when it fails. */
function run(command: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: process.env });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

// The demo data (a fresh, migrated database) and the build do not depend on each other: both are made at the same time.
rmSync(stateDir, { recursive: true, force: true });
await Promise.all([run("node", ["scripts/seed.ts", "--persist-to", stateDir]), run("npx", ["react-router", "build"])]);

const servers: ChildProcess[] = [spawn("npx", ["vite", "preview"], { stdio: "inherit", env: process.env })];
const { E2E_APART_API_URL: apiUrl, E2E_APART_WEB_URL: webUrl } = process.env;
if (apiUrl && webUrl) {
  const apiState = `${stateDir}-api`;
  const webState = `${stateDir}-web`;
  rmSync(webState, { recursive: true, force: true });
  rmSync(apiState, { recursive: true, force: true });
  cpSync(stateDir, apiState, { recursive: true });
  // The API's Worker is a whole app too, whose pages no other test opens: there the welcome tour is
  // forced (WELCOME_TOUR_ALWAYS, read by the web alone), so home.spec.ts tests the setting without a server of its own.
  servers.push(worker(apiUrl, apiState, { WELCOME_TOUR_ALWAYS: "true" }), worker(webUrl, webState, { HOST_API_URL: apiUrl }));
}

/**
 * With MAP_TILE_URL on this machine, the map tiles under the wizard's pin come from here: a plain
 * pale tile with a grid for any {z}/{x}/{y}, so the map step runs offline like the rest.
 */
function serveMapTiles(template: string | undefined) {
  if (!template) return;
  const url = new URL(template.replace(/\{[xyz]\}/g, "0"));
  if (!["127.0.0.1", "localhost"].includes(url.hostname)) return;
  const tile = encodePng(256, 256, (x, y) => (x % 64 === 0 || y % 64 === 0 ? [200, 210, 220] : [236, 240, 232]));
  const server = createServer((request, response) => {
    const found = /^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? "");
    response.writeHead(found ? 200 : 404, { "content-type": found ? "image/png" : "text/plain", "cache-control": "max-age=3600" });
    response.end(found ? tile : "Not found");
  });
  server.listen(Number(url.port), url.hostname);
}
serveMapTiles(process.env.MAP_TILE_URL);

/** The production build as a Worker of its own on `url`'s port (its canonical origin). */
function worker(url: string, state: string, vars: Record<string, string>) {
  const port = Number(new URL(url).port);
  const varArgs = Object.entries({ APP_URL: url, ...vars }).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const args = ["wrangler", "dev", "--config", "build/server/wrangler.json", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(port + 5000), "--persist-to", state, "--show-interactive-dev-session=false", ...varArgs];
  return spawn("npx", args, { stdio: ["ignore", "ignore", "inherit"], env: process.env });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => servers.forEach((server) => server.kill(signal)));
servers[0]!.on("exit", (code) => process.exit(code ?? 0));
