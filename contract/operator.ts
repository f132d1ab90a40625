import { createRoute, z } from "@hono/zod-openapi";
import { LOCALES } from "@domain/locales";
import { staffAccountSchema } from "@domain/account";
import { errorsListSchema, json, jsonBody, messageSchema } from "./http";

/**
 * The operator's endpoints: what the team that runs the marketplace does, not hosts, clients or
 * staff. They take the operator token (`Authorization: Bearer <OPERATOR_TOKEN>`, a secret of the
 * Worker; empty: closed), and are not in the host API's reference (decision 041).
 */
export const staffAccountCreatedSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.literal("staff"),
  locale: z.enum(LOCALES),
});
export type StaffAccountCreated = z.infer<typeof staffAccountCreatedSchema>;

export const operator = {
  createStaffAccount: createRoute({
    method: "post",
    path: "/api/operator/staff-accounts",
    tags: ["Operator"],
    summary: "Make a staff member's account (the operator token; 403 while no token is configured, 401 for a wrong one)",
    request: { body: jsonBody(staffAccountSchema) },
    responses: {
      201: json(staffAccountCreatedSchema, "The staff account; its password is stored hashed as a host's"),
      400: json(z.union([errorsListSchema, messageSchema]), "Validation failed (errors list; email_taken when an account has the email) or malformed JSON"),
      401: json(messageSchema, "The operator token is missing or wrong"),
      403: json(messageSchema, "No operator token is configured: the endpoint is closed"),
    },
  }),
};
