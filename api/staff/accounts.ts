import { operator as contract, type StaffAccountCreated } from "@contract/operator";
import { staffAccountSchema, type StaffAccountInput } from "@domain/account";
import { DEFAULT_LOCALE, type Locale } from "@domain/locales";
import type { PublicApiEnv } from "@api/context";
import type { Database } from "@api/db/client";
import { users } from "@api/db/schema";
import { hasBearerSecret } from "@api/lib/bearer-secret";
import { ApiError, validationFailed, zodErrors } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { contractRouter } from "@api/lib/openapi";
import { hashPassword } from "@api/lib/password";
import { translator } from "@api/lib/translate";

/**
 * Staff accounts (§6 staff): no host, client or staff member makes one; the team that runs the
 * marketplace does, through the operator's endpoint (`scripts/create-staff.ts`, decision 041).
 */

const english = translator("en_US");

/**
 * Makes a staff member's account: the input checked as `staffAccountSchema` (400 with the errors
 * list), the email no account has (400 `email_taken`), the password hashed as a host's at sign-up.
 * A staff account is nobody's host: it has no listings, features or onboarding of its own.
 */
export async function createStaffUser(db: Database, input: StaffAccountInput): Promise<StaffAccountCreated> {
  const parsed = staffAccountSchema.safeParse(input);
  if (!parsed.success) throw validationFailed(zodErrors(parsed.error));
  const account = parsed.data;
  const locale: Locale = account.locale ?? DEFAULT_LOCALE;
  const [created] = await db
    .insert(users)
    .values({
      publicId: newPublicId("usr"),
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: "staff",
      type: "individual",
      firstName: account.firstName,
      lastName: account.lastName,
      locale,
      onboardingStatus: "finished",
      features: [],
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ publicId: users.publicId });
  if (!created) throw validationFailed([{ field: "email", message: english("validation.email_taken"), type: "email_taken" }]);
  return { userId: created.publicId, email: account.email, firstName: account.firstName, lastName: account.lastName, role: "staff", locale };
}

/** The operator token's check: 403 while none is configured (closed), 401 for a missing or wrong one. */
export async function checkOperatorToken(request: Request, env: Pick<Env, "OPERATOR_TOKEN">): Promise<void> {
  const expected = env.OPERATOR_TOKEN;
  if (!expected) throw new ApiError(403, "The operator's endpoints are closed: no operator token is configured.");
  if (!(await hasBearerSecret(request, expected))) throw new ApiError(401, "This needs the operator token (Authorization: Bearer <OPERATOR_TOKEN>).");
}

export const operatorRoutes = contractRouter<PublicApiEnv>();

operatorRoutes.use("/api/operator/*", async (c, next) => {
  await checkOperatorToken(c.req.raw, c.env);
  await next();
});

operatorRoutes.openapi(contract.createStaffAccount, async (c) => c.json(await createStaffUser(c.var.db, c.req.valid("json")), 201));
