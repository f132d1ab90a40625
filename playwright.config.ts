import { defineConfig } from "@playwright/test";

// E2E_PORT lets several checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${PORT}`;
// The host API and the web run apart (tests/e2e/api-apart.spec.ts): two more Workers of the same
// build, on their own host names, so each keeps its own cookies.
const APART_API_PORT = Number(process.env.E2E_APART_API_PORT ?? PORT + 100);
const APART_WEB_PORT = Number(process.env.E2E_APART_WEB_PORT ?? PORT + 200);
export const apartApiURL = `http://127.0.0.1:${APART_API_PORT}`;
export const apartWebURL = `http://localhost:${APART_WEB_PORT}`;
// The map step's tiles (MAP_TILE_URL) come from a tile server of the e2e server (scripts/e2e-server.ts), not the internet.
const MAP_TILE_PORT = Number(process.env.E2E_MAP_TILE_PORT ?? PORT + 300);
export const mapTileURL = `http://127.0.0.1:${MAP_TILE_PORT}/{z}/{x}/{y}.png`;

// Debian's headless build of Chromium (package chromium-headless-shell, installed by ./test): the same engine
// at less than half the processor time per page of the full browser (decision 026).
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"],
};

const TRACE_MODES = ["off", "on", "retain-on-failure", "on-first-retry"] as const;
function traceMode(mode: string | undefined): (typeof TRACE_MODES)[number] {
  if (mode === undefined) return "retain-on-failure";
  if (!(TRACE_MODES as readonly string[]).includes(mode)) throw new Error(`E2E_TRACE=${mode}: one of ${TRACE_MODES.join(", ")}`);
  return mode as (typeof TRACE_MODES)[number];
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // A trace of each test, kept when it fails; the whole suite (scripts/validate.ts) sets E2E_TRACE=off (decision 054).
  use: { baseURL, launchOptions: chromium, trace: traceMode(process.env.E2E_TRACE), locale: "en-US" },
  // Each browser project first signs the demo accounts in once (sign-in.setup.ts), with its own
  // JavaScript setting; its tests take those sessions over (signedInAs in fixtures.ts).
  projects: [
    { name: "sign-in-js", testMatch: /sign-in\.setup\.ts$/, use: { javaScriptEnabled: true } },
    { name: "sign-in-no-js", testMatch: /sign-in\.setup\.ts$/, use: { javaScriptEnabled: false } },
    { name: "js", dependencies: ["sign-in-js"], use: { javaScriptEnabled: true } },
    { name: "no-js", dependencies: ["sign-in-no-js"], use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `${baseURL}/api/public/settings`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    env: {
      PORT: String(PORT),
      APP_URL: baseURL,
      LOCAL_STATE_DIR: ".wrangler/e2e",
      E2E_APART_API_URL: apartApiURL,
      E2E_APART_WEB_URL: apartWebURL,
      MAP_TILE_URL: mapTileURL,
      WRANGLER_SEND_METRICS: "false",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      // workerd's local traces of every request (observability in wrangler.jsonc) cost the server
      // CPU and fill .wrangler/e2e; the suite reads none of them (X_LOCAL_OBSERVABILITY=true keeps them).
      X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
    },
  },
});
