import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";

it("answers the shell's user, interactions and pending requests in one call, as the three separate calls do", async () => {
  const host = await createUser();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO booking_requests (public_id, host_user_id, status, check_in, check_out, expires_at) VALUES (?, ?, 'REQUESTED', '2027-01-10', '2027-01-15', ?)",
    ).bind(`brq_${crypto.randomUUID()}`, host.id, Date.now() + 3_600_000),
    env.DB.prepare("INSERT INTO user_interactions (user_id, interaction_type, interacted) VALUES (?, 'helpCenterTooltip', 1)").bind(host.id),
  ]);
  const { access_token } = await signIn(host.email);
  const response = await api(access_token, "GET", "/shell");
  expect(response.status).toBe(200);
  const shell = (await response.json()) as { user: unknown; interactions: unknown; pendingCount: unknown };
  const [user, interactions, pending] = await Promise.all(
    ["/user/info", "/user/interactions", "/booking-requests-pending-count"].map(async (path) => (await api(access_token, "GET", path)).json()),
  );
  expect(shell).toEqual({ user, interactions: (interactions as { interactions: unknown }).interactions, pendingCount: (pending as { count: number }).count });
  expect(shell.pendingCount).toBe(1);
  expect(shell.interactions).toMatchObject([{ interactionType: "helpCenterTooltip", interacted: true }]);
});

it("refuses a call without a token", async () => {
  const response = await api("", "GET", "/shell");
  expect(response.status).toBe(401);
});

it("answers the impersonated host's shell to staff acting for them, and refuses without an active impersonation", async () => {
  const staff = await createUser({ role: "staff" });
  const host = await createUser();
  await env.DB.prepare("INSERT INTO user_interactions (user_id, interaction_type, interacted) VALUES (?, 'helpCenterTooltip', 1)").bind(host.id).run();
  const { access_token } = await signIn(staff.email);
  const acting = { "x-impersonate-user": host.publicId };
  expect((await api(access_token, "GET", "/shell", undefined, acting)).status).toBe(403);
  expect((await api(access_token, "POST", "/staff/impersonation", { userId: host.publicId })).status).toBe(201);
  const shell = (await (await api(access_token, "GET", "/shell", undefined, acting)).json()) as { user: { userId: string; isImpersonating: boolean }; interactions: unknown };
  expect(shell.user).toMatchObject({ userId: host.publicId, isImpersonating: true });
  expect(shell.interactions).toMatchObject([{ interactionType: "helpCenterTooltip", interacted: true }]);
  const own = (await (await api(access_token, "GET", "/shell")).json()) as { user: { userId: string }; interactions: unknown };
  expect(own.user.userId).toBe(staff.publicId);
  expect(own.interactions).toEqual([]);
});
