import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", "api/lib/**/*.test.ts", "api/oauth/web-client.test.ts", "locales/**/*.test.ts", "workers/**/*.test.ts", "shared/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            main: "./api/test-worker.ts",
            wrangler: { configPath: "./wrangler.jsonc" },
            miniflare: {
              bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations") },
            },
          })),
        ],
        test: {
          name: "api",
          include: ["api/**/*.api.test.ts"],
          setupFiles: ["./api/test/apply-migrations.ts"],
          disableConsoleIntercept: true,
        },
      },
    ],
  },
});
