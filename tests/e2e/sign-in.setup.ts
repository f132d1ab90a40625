import { test } from "@playwright/test";
import { DEMO, signIn, storageStatePath, usesJavaScript } from "./fixtures";

/**
 * Signs the demo hosts in once per browser project, through the real sign-in page with this
 * project's JavaScript setting, and keeps each session for the tests (signedInAs). Staff members
 * are not among them: their tests change the session (impersonation) and take their own
 * (ownSession). The sign-in page's own checks (axe, console errors) are in auth.spec.ts.
 */
test("the demo accounts sign in", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const javaScriptEnabled = usesJavaScript(testInfo);
  for (const email of [DEMO.individual, DEMO.company, DEMO.hybrid, DEMO.onboarding]) {
    const context = await browser.newContext({ javaScriptEnabled });
    await signIn(await context.newPage(), email);
    await context.storageState({ path: storageStatePath(email, javaScriptEnabled) });
    await context.close();
  }
});
