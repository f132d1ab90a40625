import { test } from "@playwright/test";
import { DEMO, ownSession, storageStatePath, usesJavaScript } from "./fixtures";

/**
 * Signs the demo hosts in once per browser project, over HTTP through the sign-in page's own
 * endpoints (ownSession), and keeps each session for the tests (signedInAs). Staff members are not
 * among them: their tests change the session (impersonation) and take their own (ownSession). The
 * sign-in page itself, with JavaScript on and off, is what auth.spec.ts is about.
 */
test("the demo accounts sign in", async ({ browser }, testInfo) => {
  // Every test of the project waits for it: on a busy machine it may take longer than one test.
  test.setTimeout(120_000);
  const javaScriptEnabled = usesJavaScript(testInfo);
  await Promise.all(
    [DEMO.individual, DEMO.company, DEMO.hybrid, DEMO.onboarding].map(async (email) => {
      const context = await browser.newContext({ javaScriptEnabled });
      await ownSession(await context.newPage(), email);
      await context.storageState({ path: storageStatePath(email, javaScriptEnabled) });
      await context.close();
    }),
  );
});
