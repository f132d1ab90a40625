import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", "api/lib/**/*.test.ts", "api/db/**/*.test.ts", "api/oauth/web-client.test.ts", "locales/**/*.test.ts", "workers/**/*.test.ts", "shared/**/*.test.ts", "scripts/client-chunks.test.ts", "scripts/bench-route-js.test.ts", "scripts/partial-manifest-cache.test.ts", "scripts/react-markup-writes.test.ts"],
          // A module's API test sits beside it (`*.api.test.ts`) and runs in the api project.
          exclude: [...configDefaults.exclude, "**/*.api.test.ts"],
          environment: "node",
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            main: "./api/test-worker.ts",
            wrangler: { configPath: "./wrangler.jsonc" },
            miniflare: {
              // The iCal sync gives up on a feed after a second in tests (10 s by default).
              bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations"), ICAL_FETCH_TIMEOUT_MS: "1000" },
            },
          })),
        ],
        resolve: { tsconfigPaths: true },
        test: {
          name: "api",
          include: ["api/**/*.api.test.ts"],
          // One workerd and one local D1 per vitest worker, shared by the files that worker runs:
          // the migrations are applied once (apply-migrations.ts finds them applied afterwards)
          // and workerd starts once, not once per file. Tests make their own users and rows.
          isolate: false,
          setupFiles: ["./api/test/apply-migrations.ts"],
          // Serves the calendar feeds the iCal sync reads (tests/fixtures/ical), on this machine.
          globalSetup: ["./api/test/ical-feed-server.ts"],
          disableConsoleIntercept: true,
        },
      },
    ],
  },
});
