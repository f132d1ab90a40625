/**
 * The host API alone (api/test-worker.ts) as a local Worker on a local state, for scripts that
 * make data the way clients do: over HTTP, through the API's own rules. Bundled by wrangler, which
 * has no `import.meta.glob`: the locale files are imported one by one instead (locales/resources-of.ts
 * builds the same translations from them).
 */
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { unstable_startWorker } from "wrangler";

function localeModule(): string {
  const root = resolve("locales");
  const files = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) => readdirSync(join(root, dir.name)).filter((file) => file.endsWith(".json")).map((file) => `${dir.name}/${file}`));
  const module = [
    `import { resourcesOf } from ${JSON.stringify(join(root, "resources-of.ts"))};`,
    ...files.map((file, i) => `import file${i} from ${JSON.stringify(join(root, file))};`),
    `export const { resources, NAMESPACES } = resourcesOf({ ${files.map((file, i) => `${JSON.stringify(`./${file}`)}: file${i}`).join(", ")} });`,
  ].join("\n");
  const path = join(mkdtempSync(join(tmpdir(), "api-worker-")), "resources.ts");
  writeFileSync(path, module);
  return path;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * Starts the host API on `persistTo` (wrangler's --persist-to); its origin is its canonical APP_URL.
 * `operatorToken`: the operator's token for this run (scripts/create-staff.ts); none: the configuration's.
 */
export async function startApiWorker(persistTo: string, { operatorToken }: { operatorToken?: string } = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const worker = await unstable_startWorker({
    config: "wrangler.jsonc",
    entrypoint: "api/test-worker.ts",
    build: { alias: { "@locales/resources": localeModule() } },
    bindings: { APP_URL: { type: "plain_text", value: origin }, ...(operatorToken ? { OPERATOR_TOKEN: { type: "plain_text", value: operatorToken } } : {}) },
    // testScheduled: GET /__scheduled runs the cron's jobs, as the demo data needs once (scripts/seed-bookings.ts).
    dev: { server: { hostname: "127.0.0.1", port }, inspector: false, persist: persistTo, logLevel: "warn", watch: false, testScheduled: true },
  });
  await worker.ready;
  return { origin, stop: () => worker.dispose() };
}
