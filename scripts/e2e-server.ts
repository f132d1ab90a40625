/**
 * The server the end-to-end tests run against: the production build, served by workerd through
 * `vite preview`, over a fresh local database with the demo data.
 */
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";

const stateDir = process.env.LOCAL_STATE_DIR ?? ".wrangler/e2e";
const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: "inherit", env: process.env });

rmSync(stateDir, { recursive: true, force: true });
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
run("node", ["scripts/seed.ts", "--persist-to", stateDir]);
run("npx", ["react-router", "build"]);
const server = spawn("npx", ["vite", "preview"], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
