/**
 * Makes a staff member's account through the operator's endpoint (decision 041):
 *
 *   STAFF_PASSWORD=… node scripts/create-staff.ts --email sam@team.example --first-name Sam --last-name Staff [--locale en_GB]
 *
 * Without `--origin` it starts the host API alone on the local state (`--persist-to <dir>`, default
 * .wrangler/state, wrangler's own) with an operator token of its own for this run; with
 * `--origin https://…` it calls that deployment with the operator token in `OPERATOR_TOKEN`. The
 * password comes from `STAFF_PASSWORD`, never from the command line. Node 22+ strips the types.
 */
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import type { StaffAccountCreated } from "../contract/operator.ts";
import { startApiWorker } from "./api-worker.ts";

export interface StaffAccount {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  locale?: string;
}

const STAFF_ACCOUNTS_PATH = "/api/operator/staff-accounts";

/** Makes the account at `origin` with the operator token; a refusal (400 with the errors list, 401, 403) is thrown with its answer. */
export async function createStaff(origin: string, operatorToken: string, account: StaffAccount): Promise<StaffAccountCreated> {
  const response = await fetch(`${origin}${STAFF_ACCOUNTS_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${operatorToken}` },
    body: JSON.stringify(account),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST ${STAFF_ACCOUNTS_PATH} answered ${response.status}: ${text}`);
  return JSON.parse(text) as StaffAccountCreated;
}

/** A one-time operator token for a local API worker this script (or the seed) starts. */
export function localOperatorToken(): string {
  return `local-${randomBytes(24).toString("base64url")}`;
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}

async function main() {
  const email = option("email");
  const firstName = option("first-name");
  const lastName = option("last-name");
  const password = process.env.STAFF_PASSWORD;
  if (!email || !firstName || !lastName || !password) {
    console.error("Usage: STAFF_PASSWORD=… node scripts/create-staff.ts --email <email> --first-name <name> --last-name <name> [--locale en_GB] [--origin https://… (OPERATOR_TOKEN=…) | --persist-to <dir>]");
    process.exit(2);
  }
  const account = { email, firstName, lastName, password, ...(option("locale") ? { locale: option("locale") } : {}) };
  const origin = option("origin");
  let created: StaffAccountCreated;
  if (origin) {
    const token = process.env.OPERATOR_TOKEN;
    if (!token) throw new Error("Set OPERATOR_TOKEN to the deployment's operator token.");
    created = await createStaff(origin, token, account);
  } else {
    const operatorToken = localOperatorToken();
    const api = await startApiWorker(option("persist-to") ?? ".wrangler/state", { operatorToken });
    try {
      created = await createStaff(api.origin, operatorToken, account);
    } finally {
      await api.stop();
    }
  }
  console.log(`Staff account ${created.userId} made for ${created.email} (${created.firstName} ${created.lastName}, ${created.locale}).`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
