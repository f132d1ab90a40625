import { expect as expectApi, request as newRequest } from "@playwright/test";
import { png } from "@api/test/png";
import { apartApiURL, apartWebURL } from "../../playwright.config";
import { apiToken, createProperty } from "./api-factory";
import { DEMO, DEMO_PASSWORD, expect, settled, signIn, test, usesJavaScript, visit } from "./fixtures";

// The web and the host API as two Workers (decision 018): the web on its own origin calls the API
// at HOST_API_URL; its own database is unmigrated, so anything it did not send to the API fails.
test.use({ baseURL: apartWebURL });

test.beforeAll(async () => {
  // The two Workers start after the main server's build; the web is ready once the API gave it a client id.
  test.setTimeout(120_000);
  const web = await newRequest.newContext({ baseURL: apartWebURL });
  await expectApi
    .poll(async () => (await web.get("/redirect/login", { maxRedirects: 0 }).catch(() => null))?.status(), { timeout: 90_000, intervals: [500] })
    .toBe(302);
  await web.dispose();
});

test("with the host API apart, a host signs in, sees the list, saves a unit section and uploads a photo", async ({ page, context }, testInfo) => {
  const javaScript = usesJavaScript(testInfo);
  await signIn(page, DEMO.individual);
  // The browser holds the web's session cookie only; the API's origin set none.
  const apiHost = new URL(apartApiURL).hostname;
  expect((await context.cookies()).filter((cookie) => cookie.domain === apiHost && /session/i.test(cookie.name))).toEqual([]);

  await visit(page, "/properties");
  await expect(page.locator("tbody tr").filter({ hasText: "Loft by the Spree" })).toBeVisible();
  await expect(page.locator("tbody tr").filter({ hasText: "Alfama terrace flat" })).toBeVisible();

  // A unit of its own per browser project, made through the API Worker as any client would.
  const api = await newRequest.newContext({ baseURL: apartApiURL });
  const title = `Apart cabin ${javaScript ? "js" : "no-js"} ${crypto.randomUUID().slice(0, 6)}`;
  const { id, unitId } = await createProperty(api, await apiToken(api, DEMO.individual, DEMO_PASSWORD), { title });
  await api.dispose();
  const base = `/properties/${id}/units/${unitId}`;

  await visit(page, `${base}/about`);
  await page.getByLabel("Title", { exact: true }).fill(`${title} with sauna`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await settled(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} with sauna`);

  await visit(page, `${base}/photos`);
  await page.getByLabel("Choose photos").setInputFiles({ name: "lake.png", mimeType: "image/png", buffer: Buffer.from(png(1400, 900)) });
  await page.getByRole("button", { name: "Upload" }).click();
  const photo = page.getByRole("img", { name: "Photo 1" });
  await expect(photo).toBeVisible();
  // The thumbnail is served by the web (which fetches it from the API) and the browser shows it.
  await expect(photo).toHaveAttribute("src", /^\/media\/photos\//);
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  // The photo's address outside the shell (decision 035): the session's host gets the picture, a
  // visitor without one the sign-in.
  const src = (await photo.getAttribute("src"))!;
  const signedIn = await page.request.get(src, { maxRedirects: 0 });
  expect([signedIn.status(), signedIn.headers()["content-type"]]).toEqual([200, expect.stringMatching(/^image\//)]);
  const visitor = await newRequest.newContext({ baseURL: apartWebURL });
  const signedOut = await visitor.get(src, { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toContain("/redirect/login");
  await visitor.dispose();
});
