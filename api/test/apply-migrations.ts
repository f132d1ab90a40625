import { applyD1Migrations, env } from "cloudflare:test";

// Runs before each API test file. The api project runs with `isolate: false` (vitest.config.ts): the
// files a vitest worker runs share one workerd and one D1, so the first file applies the migrations
// and the others find them recorded (applyD1Migrations skips applied ones).
await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: Parameters<typeof applyD1Migrations>[1] }).TEST_MIGRATIONS);
