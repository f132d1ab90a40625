import type { Page } from "@playwright/test";
import { apiToken, createProperty, subscribe } from "./api-factory";
import { DEMO, DEMO_PASSWORD, expect, newHost, settled, signedInAs, test, visit } from "./fixtures";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A fresh subscription host with one unit under `planItemPriceId`, with the features support switched on. */
async function subscribedHost(page: Page, planItemPriceId: string, features: string[] = []) {
  const host = await newHost(page);
  const token = await apiToken(page.request, host.email, host.password);
  if (features.length) {
    const staff = { authorization: `Bearer ${await apiToken(page.request, DEMO.staff, DEMO_PASSWORD)}` };
    const found = (await (await page.request.get("/api/app/staff/hosts", { headers: staff, params: { search: host.email } })).json()) as { items: { userId: string }[] };
    for (const feature of features) {
      expect((await page.request.put(`/api/app/staff/hosts/${found.items[0]!.userId}/features/${feature}`, { headers: staff, data: { enabled: true } })).status()).toBe(200);
    }
  }
  const property = await createProperty(page.request, token, { title: "Harbour flat" });
  await subscribe(page.request, token, { planItemPriceId, unitId: property.unitId });
  return `/properties/${property.id}/units/${property.unitId}`;
}

test.describe("subscription after onboarding", () => {
  test("a host changes to a paid plan with a coupon, pays at the provider and the plan starts", async ({ page }) => {
    const unit = await subscribedHost(page, "split-EUR-yearly", ["subscriptionCheckout"]);
    await visit(page, `${unit}/subscription-and-boosters`);
    await expect(page.getByRole("heading", { name: "Shared fee" })).toBeVisible();
    await page.getByRole("link", { name: "Manage subscription" }).click();
    await page.waitForURL(/\/manage-subscription$/);
    await settled(page);
    await expect(page.getByText("No payment method on file yet")).toBeVisible();

    // An unknown coupon is refused where it was typed.
    await page.getByLabel("Coupon code (optional)").fill("NOPE");
    await page.getByRole("button", { name: "Apply coupon" }).click();
    await expect(page.getByText("This coupon code is not valid for this plan.")).toBeVisible();
    await page.getByLabel("Coupon code (optional)").fill("welcome10");
    await page.getByRole("button", { name: "Apply coupon" }).click();
    await expect(page.getByText("Coupon WELCOME10: 10% off where it applies.")).toBeVisible();
    await page.getByRole("radio", { name: /Basic subscription/ }).check();
    await page.getByRole("button", { name: "Change plan" }).click();

    // The provider's payment page; the plan changes only once it confirms.
    await page.waitForURL(/\/api\/payments\/test-provider\/pages\//);
    await expect(page.getByRole("heading", { name: "Test payment provider" })).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/manage-subscription\?hostedPageId=/);
    await settled(page);
    await expect(page.getByText("Payment received. Your new plan has started.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Basic subscription" })).toBeVisible();
    await expect(page.getByText("coupon WELCOME10, 10% off")).toBeVisible();
    await expect(page.getByText("A payment method is on file with our payment provider.")).toBeVisible();
  });

  test("a host cancels the subscription with a reason: the trial becomes active and ends with the term", async ({ page }) => {
    const unit = await subscribedHost(page, "subscription-basic-EUR-yearly");
    await visit(page, `${unit}/manage-subscription`);
    await expect(page.getByText("Trial", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await page.getByLabel("Why do you cancel?").fill("We sell the flat next spring.");
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page.getByText("Your subscription is cancelled; it ends at the end of the term.")).toBeVisible();
    await expect(page.getByText("Ends at the end of the term", { exact: true })).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await expect(page.getByText(/Your subscription ends on/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);
  });

  test("a host buys a boost for dates with boost credits", async ({ page }) => {
    const unit = await subscribedHost(page, "subscription-basic-EUR-yearly", ["coinSubscription"]);
    await visit(page, `${unit}/subscription-and-boosters`);
    await expect(page.getByText("2 of 2 left")).toBeVisible();
    await page.getByRole("link", { name: "Buy a boost" }).click();
    await page.waitForURL(/\/boosters$/);
    await settled(page);
    await expect(page.getByText("This unit has no boost planned.")).toBeVisible();
    // A boost that ends before it starts is refused, and the dates stay.
    await page.getByLabel("First day").fill(inDays(20));
    await page.getByLabel("Last day").fill(inDays(10));
    await page.getByRole("button", { name: "Buy a boost" }).click();
    await expect(page.getByLabel("First day")).toHaveValue(inDays(20));
    await page.getByLabel("First day").fill(inDays(10));
    await page.getByLabel("Last day").fill(inDays(16));
    await page.getByRole("button", { name: "Buy a boost" }).click();
    await expect(page.getByText("The boost is booked.")).toBeVisible();
    await expect(page.getByText(/\(1 credit\)/)).toBeVisible();
    await expect(page.getByText("1 of 2 boost credits left.")).toBeVisible();
  });

  test("a hybrid host's published unit is said to be listed under commission, a plan adding inquiries; the plans speak of no term it does not have", async ({ page }) => {
    const token = await apiToken(page.request, DEMO.hybrid, DEMO_PASSWORD);
    const properties = (await (await page.request.get("/api/app/properties", { headers: { authorization: `Bearer ${token}` } })).json()) as { items: { id: string; firstFinishedUnitId: string | null }[] };
    const chalet = properties.items.find((p) => p.firstFinishedUnitId)!;
    const unit = `/properties/${chalet.id}/units/${chalet.firstFinishedUnitId}`;
    await signedInAs(page, DEMO.hybrid, `${unit}/subscription-and-boosters?hl=en_GB`);
    // The demo host's English is British or American as the browser says: "enquiries" or "inquiries".
    await expect(page.getByText(/^This unit is listed under commission: guests book it and you pay a commission on each booking\. A plan would add guests' (inquiries|enquiries) on top\.$/)).toBeVisible();
    await expect(page.getByText(/not under a subscription|to publish it/)).toHaveCount(0);
    await page.getByRole("link", { name: "Choose a plan" }).click();
    await page.waitForURL(/\/manage-subscription/);
    await settled(page);
    await expect(page.getByText("The plan starts at once (a paid plan after your payment).")).toBeVisible();
    await expect(page.getByText(/end of your term/)).toHaveCount(0);
  });

  test("a host under a plan is told when a change of plan starts, by its term", async ({ page }) => {
    const unit = await subscribedHost(page, "subscription-basic-EUR-yearly");
    await visit(page, `${unit}/manage-subscription`);
    await expect(page.getByText("An upgrade starts at once (a paid plan after your payment); any other change at the end of your term.")).toBeVisible();
  });

  test("the subscription and verification pages fit a 320 px phone in German and French", async ({ page }) => {
    test.slow();
    const unit = await subscribedHost(page, "subscription-basic-EUR-yearly", ["coinSubscription", "subscriptionCheckout"]);
    await page.setViewportSize({ width: 320, height: 700 });
    for (const locale of ["de_DE", "fr_FR"]) {
      for (const path of [`${unit}/subscription-and-boosters`, `${unit}/manage-subscription`, `${unit}/boosters`, "/verification/individual/identity", "/verification/individual/upload-id", "/verification/success"]) {
        await visit(page, `${path}?hl=${locale}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} in ${locale}`).toBeLessThanOrEqual(0);
      }
    }
  });
});
