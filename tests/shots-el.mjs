import { chromium } from "playwright";
const o = "http://localhost:4987";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox", "--disable-gpu"] });
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
await page.goto(o + "/redirect/login");
await page.fill("input[name=email]", process.argv[2]);
await page.fill("input[name=password]", "stayhost-demo-2026");
await Promise.all([page.waitForURL(/\/home/), page.click("button[type=submit]")]);
for (const [name, path, w, sel] of JSON.parse(process.argv[3])) {
  await page.setViewportSize({ width: w, height: 900 });
  await page.goto(o + path); await page.waitForLoadState("networkidle");
  await page.locator(sel).first().screenshot({ path: `/tmp/el-${name}.png` });
}
await browser.close();
