import type { Page } from "@playwright/test";
import { png } from "@api/test/png";
import { apiToken, createProperty, describeUnit, ensureSubscription, markStepsDone, saveLocation, subscribe } from "./api-factory";
import { DEMO, DEMO_PASSWORD, expect, newHost, settled, test, visit } from "./fixtures";

/** Submits a wizard step with its Next button and waits for the next step's address. */
async function next(page: Page, to: RegExp, button = "Next") {
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.waitForURL(to);
  await settled(page);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Support's view of a host: the staff API's headers and the host's id, found by email. */
async function asStaffFor(page: Page, email: string) {
  const headers = { authorization: `Bearer ${await apiToken(page.request, DEMO.staff, DEMO_PASSWORD)}` };
  const found = (await (await page.request.get("/api/app/staff/hosts", { headers, params: { search: email } })).json()) as { items: { userId: string }[] };
  return { headers, host: `/api/app/staff/hosts/${found.items[0]!.userId}` };
}

/** Staff switch features on for a host, the way support does for an account. */
async function enableFeatures(page: Page, email: string, features: string[]) {
  const { headers, host } = await asStaffFor(page, email);
  for (const feature of features) expect((await page.request.put(`${host}/features/${feature}`, { headers, data: { enabled: true } })).status()).toBe(200);
}

/** The steps before the prices, and those up to the calendar, as a host who filled them in. */
const UNIT_STEPS_TO_PRICE = ["guests-and-rooms/info", "guests-and-rooms/beds", "photos", "amenities", "title", "price-and-availability"];
const UNIT_STEPS_TO_SEASONS = [...UNIT_STEPS_TO_PRICE, "price-and-availability/seasons"];
const STEPS_TO_PRICE = ["property", "location", "location/address", "location/map", ...UNIT_STEPS_TO_PRICE];
const STEPS_TO_SEASONS = [...STEPS_TO_PRICE, "price-and-availability/seasons"];
const STEPS_TO_CALENDAR = [...STEPS_TO_SEASONS, "calendar-availability"];

const progress = (page: Page) => page.getByText(/^\d+% done$/);
const percentOf = async (page: Page) => Number((await progress(page).textContent())?.replace(/\D/g, ""));
const photo = (name: string) => ({ name, mimeType: "image/png", buffer: Buffer.from(png(1400, 900)) });

/** The property's and the unit's ids in a wizard address (/listing/<kind>/<propertyId>/<unitId>/<step>). */
function wizardIds(page: Page) {
  const [, , , propertyId, unitId] = new URL(page.url()).pathname.split("/");
  return { propertyId: propertyId!, unitId: unitId! };
}

/**
 * The steps every unit has, from guests and rooms to the seasons, answered through the API for the
 * unit the wizard is on (the single-unit test walks them): the wizard then resumes at the calendar.
 */
async function unitDescribedThroughApi(page: Page, token: string, title: string) {
  const { propertyId, unitId } = wizardIds(page);
  await describeUnit(page.request, token, unitId, title);
  await markStepsDone(page.request, token, unitId, UNIT_STEPS_TO_SEASONS);
  await visit(page, `/listing/property/${propertyId}/unit/${unitId}`);
  await expect(page).toHaveURL(/\/calendar-availability$/);
}

async function address(page: Page, street: string, postalCode: string, city: string, houseNumber = "3") {
  await page.getByLabel("Street").fill(street);
  await page.getByLabel("House number or name").fill(houseNumber);
  await page.getByLabel("Postal code").fill(postalCode);
  await page.getByLabel("City").fill(city);
}

async function personalDetails(page: Page) {
  await page.getByLabel("First name").first().fill("Erin");
  await page.getByLabel("Last name").first().fill("Tester");
  await page.getByLabel("Date of birth").first().fill("1985-04-12");
  await page.getByLabel("Phone number").fill("+49 30 1234567");
  await page.getByLabel("Nationality").selectOption("DE");
  await page.getByLabel("Country", { exact: true }).selectOption("DE");
  await address(page, "Torstraße", "10119", "Berlin", "1");
}

/** The company and its legal representative, as the owner steps ask for them. */
async function companyDetails(page: Page, representativeBirth = "1980-06-30") {
  await page.getByLabel("Legal name of the company").fill("Erin Stays GmbH");
  await page.getByLabel("Company registration number").fill("HRB 123456");
  await page.getByLabel("Company email").fill("office@erin-stays.example");
  await page.getByLabel("Phone number").fill("+49 381 123456");
  await page.getByLabel("Country", { exact: true }).selectOption("DE");
  await address(page, "Seestraße", "18225", "Kühlungsborn", "8");
  const representative = page.getByRole("group", { name: "Legal representative" });
  await representative.getByLabel("First name").fill("Erin");
  await representative.getByLabel("Last name").fill("Tester");
  await representative.getByLabel("Date of birth").fill(representativeBirth);
  await representative.getByLabel("Role").fill("Managing director");
  return representative;
}

test.describe("listing wizard", () => {
  test("a host who can list answers the eligibility questions and resumes where they stopped, at the right percent", async ({ page }) => {
    test.slow();
    await newHost(page);
    await visit(page, "/listing");
    await expect(page).toHaveURL(/\/listing\/check-eligibility$/);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("group", { name: "Who are you to the property?" }).getByText("This field is required.")).toBeVisible();
    await page.getByLabel("Where is the property?").selectOption("PT");
    await page.getByLabel("I own it").check();
    await next(page, /\/listing\/first-property\?country=PT$/, "Continue");
    await page.getByLabel("One place: a flat, a house, a room").check();
    await next(page, /\/listing\/single-unit\/[^/]+\/[^/]+\/property$/, "Start");
    await expect(progress(page)).toHaveText("0% done");

    await page.getByLabel("Apartment").check();
    await next(page, /\/location$/);
    // The country answered before is already chosen.
    await expect(page.getByLabel("Country")).toHaveValue("PT");
    await next(page, /\/location\/address$/);
    await page.getByLabel("Street").fill("Rua Augusta");
    await page.getByLabel("House number or name").fill("10");
    await page.getByLabel("Postal code").fill("1100");
    await page.getByLabel("City").fill("Lisboa");
    await page.getByRole("button", { name: "Next" }).click();
    // A wrong postal code keeps everything typed.
    await expect(page.getByText("This postal code does not look right for the country.")).toBeVisible();
    await expect(page.getByLabel("Street")).toHaveValue("Rua Augusta");
    await page.getByLabel("Postal code").fill("1100-053");
    await next(page, /\/location\/map$/);
    const wizardUrl = page.url().replace(/\/location\/map$/, "");

    // Leaving and coming back resumes at the step after the last one done (§4), with its percent.
    await visit(page, "/home");
    await visit(page, "/listing");
    await expect(page).toHaveURL(/\/location\/map$/);
    await expect(progress(page)).toHaveText("9% done");
    // A step further than where the host is leads back to where they are.
    await visit(page, `${wizardUrl}/title`);
    await expect(page).toHaveURL(/\/location\/map$/);
    // So does the other wizard's address for this unit.
    await visit(page, wizardUrl.replace("/single-unit/", "/multi-unit/") + "/start-unit");
    await expect(page).toHaveURL(/\/single-unit\/.+\/location\/map$/);
  });

  test("a host who may not let the place is told why, and cannot list another way", async ({ page }) => {
    const host = await newHost(page);
    await visit(page, "/listing/check-eligibility");
    await page.getByLabel("Where is the property?").selectOption("DE");
    await page.getByLabel("I rent it myself").check();
    await next(page, /\/listing\/onboarding-not-eligible\?reason=not_allowed_to_let$/, "Continue");
    await expect(page.getByText("subletting a rented home is not allowed")).toBeVisible();
    // The answer is stored: the first-property page and the API refuse too.
    await visit(page, "/listing/first-property");
    await expect(page).toHaveURL(/\/listing\/onboarding-not-eligible\?reason=not_allowed_to_let$/);
    const headers = { authorization: `Bearer ${await apiToken(page.request, host.email, host.password)}` };
    const created = await page.request.post("/api/app/properties", { headers, data: { propertyType: "single" } });
    expect(created.status()).toBe(403);
  });

  test("a host adds a single-unit property, walks every step and publishes it", async ({ page }) => {
    // Fourteen steps, each of which axe checks afterwards.
    test.slow();
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    // A first published property finishes onboarding: the wizard then shows no onboarding steps.
    await createProperty(page.request, token, { title: "First flat", complete: true, publish: true });

    await visit(page, "/listing");
    await expect(page).toHaveURL(/\/listing\/add-property$/);
    await page.getByLabel("One place: a flat, a house, a room").check();
    await next(page, /\/property$/, "Start");
    await page.getByLabel("Apartment").check();
    await next(page, /\/location$/);
    await page.getByLabel("Country").selectOption("PT");
    await next(page, /\/location\/address$/);
    await page.getByLabel("Street").fill("Rua da Prata");
    await page.getByLabel("House number or name").fill("5");
    await page.getByLabel("Postal code").fill("1100-419");
    await page.getByLabel("City").fill("Lisboa");
    await next(page, /\/location\/map$/);
    await expect(page.getByLabel("Latitude")).toHaveValue("38.7223");
    await page.getByLabel("Latitude").fill("38.7101");
    await page.getByLabel("Longitude").fill("-9.1366");
    await next(page, /\/guests-and-rooms\/info$/, "Confirm the location");

    await page.getByLabel("Guests", { exact: true }).fill("4");
    await page.getByLabel("Bedrooms").fill("2");
    await page.getByLabel("Bathrooms").fill("1");
    await next(page, /\/guests-and-rooms\/beds$/);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Add at least one bed.")).toBeVisible();
    await page.getByRole("group", { name: "Bedroom 1" }).getByLabel("Double bed").fill("1");
    await page.getByRole("group", { name: "Bedroom 2" }).getByLabel("Single bed").fill("2");
    await next(page, /\/photos$/);

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Add at least one photo to go on.")).toBeVisible();
    await page.getByLabel("Choose photos").setInputFiles({ name: "terrace.png", mimeType: "image/png", buffer: Buffer.from(png(1400, 900)) });
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("img", { name: "Photo 1" })).toBeVisible();
    await next(page, /\/amenities$/);
    await page.getByLabel("Wi-Fi").check();
    await next(page, /\/title$/);
    await page.getByRole("textbox", { name: "Title" }).fill("Terrace flat in Baixa");
    await page.getByRole("textbox", { name: "Description" }).fill("Two bedrooms and a terrace over the old town.");
    await next(page, /\/price-and-availability$/);

    // A price that is not an amount is refused and stays as typed.
    await page.getByLabel("Nightly price (EUR)").fill("ninety");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Enter an amount such as 120 or 120.50.")).toBeVisible();
    await expect(page.getByLabel("Nightly price (EUR)")).toHaveValue("ninety");
    await page.getByLabel("Nightly price (EUR)").fill("5");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("Nightly price (EUR)")).toHaveValue("5");
    await expect(page.locator("#field-nightlyPrice-errors")).not.toBeEmpty();
    await page.getByLabel("Nightly price (EUR)").fill("95");
    await next(page, /\/price-and-availability\/seasons$/);

    const year = new Date().getUTCFullYear() + 1;
    await page.getByLabel("From").fill(`${year}-07-01`);
    await page.getByLabel("To", { exact: true }).fill(`${year}-08-31`);
    await page.getByRole("group", { name: "Repeats" }).getByLabel("Every year").check();
    await page.getByLabel("Nightly price (EUR)").fill("140");
    await page.getByRole("button", { name: "Add season" }).click();
    await expect(page.getByRole("button", { name: /^Remove/ })).toHaveCount(1);
    await next(page, /\/calendar-availability$/);
    await next(page, /\/regional-requirements$/);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await page.getByLabel("Registration number").fill("AL-2026/77");
    await next(page, /\/publish$/);

    await expect(page.getByText("“Terrace flat in Baixa” is ready to go live.")).toBeVisible();
    await expect(progress(page)).toHaveText("100% done");
    await next(page, /\/listing\/[^/]+\/[^/]+\/completed$/, "Publish");
    await expect(page.getByRole("heading", { name: "Your unit is live" })).toBeVisible();
    await page.getByRole("link", { name: "Go to my properties" }).click();
    await page.waitForURL(/\/properties$/);
    await expect(page.locator("tbody tr").filter({ hasText: "Terrace flat in Baixa" }).getByText("Published", { exact: true })).toBeVisible();
  });

  test("a new host on commission walks the commission, identity and payout steps of a first unit and publishes it", async ({ page }) => {
    test.slow();
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    // Everything up to the calendar is done already, through the API (those steps are walked above).
    await createProperty(page.request, token, { title: "Elbe loft", complete: true, nightlyPrice: 11000, stepsDone: STEPS_TO_CALENDAR });

    await visit(page, "/listing");
    await expect(page).toHaveURL(/\/single-unit\/.+\/commercial-model$/);
    const undecided = await percentOf(page);
    await page.getByLabel(/^Commission: 15% of each booking/).check();
    // Choosing commission offers its promotions (a step before this one), never lowers the progress,
    // and brings the commission steps.
    await next(page, /\/price-and-availability\/promotions$/);
    expect(await percentOf(page)).toBeGreaterThan(undecided);
    await page.getByLabel("Offer a long-stay discount").check();
    await next(page, /\/commission-model$/);
    await expect(page.getByText("15% commission per booking")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Accept the commission to go on.")).toBeVisible();
    await page.getByLabel("I accept 15% commission on each booking").check();
    await next(page, /\/booking-preference$/);
    await expect(page.getByLabel(/^Instant booking/)).toBeChecked();
    await next(page, /\/identity-and-payout-details\/upload$/);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Upload your identity document (both sides where it has two) to go on.")).toBeVisible();
    await page.getByLabel("Document", { exact: true }).selectOption("passport");
    // Upload without a file: said on the uploader, the chosen document type kept.
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.locator("#upload-errors")).toContainText("This field is required.");
    await expect(page.getByLabel("Document", { exact: true })).toHaveValue("passport");
    await page.getByLabel("File").setInputFiles(photo("passport.png"));
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(1);
    await next(page, /\/identity-and-payout-details\/payout$/);
    await page.getByLabel("Account holder").fill("Erin Tester");
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 01");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("IBAN")).toHaveValue("DE89 3704 0044 0532 0130 01");
    await expect(page.locator("#field-iban-errors")).not.toBeEmpty();
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
    await next(page, /\/identity-and-payout-details\/payout-document$/);
    await page.getByLabel("File").setInputFiles(photo("statement.png"));
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(1);
    await next(page, /\/personal-details\/info$/);
    await personalDetails(page);
    await next(page, /\/publish$/);
    const wizardUrl = page.url().replace(/\/publish$/, "");
    await next(page, /\/completed$/, "Publish");
    await expect(page.getByText("“Elbe loft” is published.")).toBeVisible();
    // Published is done.
    await visit(page, wizardUrl);
    await expect(progress(page)).toHaveText("100% done");
    // Publishing the first unit finished onboarding: /listing now adds a property.
    await visit(page, "/listing");
    await expect(page).toHaveURL(/\/listing\/add-property$/);
  });

  test("a company host whose identity is to be verified walks the verification and payout steps and publishes", async ({ page }) => {
    test.slow();
    const host = await newHost(page, "company");
    const token = await apiToken(page.request, host.email, host.password);
    const headers = { authorization: `Bearer ${token}` };
    // The company is on commission, and support decides that its identity is to be verified.
    expect((await page.request.patch("/api/app/user/info", { headers, data: { commercialModel: "commission" } })).status()).toBe(200);
    const staff = await asStaffFor(page, host.email);
    const kyc = await page.request.put(`${staff.host}/identity-verification`, { headers: staff.headers, data: { applicable: true } });
    expect(kyc.status()).toBe(200);
    await createProperty(page.request, token, { title: "Dune cottage", complete: true, nightlyPrice: 13000, stepsDone: STEPS_TO_CALENDAR });

    await visit(page, "/listing");
    await expect(page).toHaveURL(/\/single-unit\/.+\/commission-model$/);
    await page.getByLabel("I accept 15% commission on each booking").check();
    // Identity verification replaces the personal details.
    await next(page, /\/verification\/info$/);
    await personalDetails(page);
    await next(page, /\/verification\/owner$/);
    await companyDetails(page);
    await next(page, /\/verification\/upload$/);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Upload the company's document and the owner's identity document (both sides where it has two) to go on.")).toBeVisible();
    await page.getByLabel("Document", { exact: true }).selectOption("passport");
    await page.getByLabel("File").setInputFiles(photo("passport.png"));
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(1);
    // The owner's passport alone is not the company's document: both are asked for, each kept on its own.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Upload the company's document and the owner's identity document (both sides where it has two) to go on.")).toBeVisible();
    await page.getByLabel("Document", { exact: true }).selectOption("commercial_register_extract");
    await page.getByLabel("File").setInputFiles(photo("register.png"));
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(2);
    await next(page, /\/booking-preference$/);
    await next(page, /\/payout\/info$/);
    await page.getByLabel("Account holder").fill("Erin Stays GmbH");
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 01");
    await page.getByRole("button", { name: "Next" }).click();
    // A mistyped IBAN is refused and stays as typed.
    await expect(page.getByLabel("IBAN")).toHaveValue("DE89 3704 0044 0532 0130 01");
    await expect(page.locator("#field-iban-errors")).not.toBeEmpty();
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
    await next(page, /\/payout\/upload$/);
    await page.getByLabel("File").setInputFiles(photo("statement.png"));
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(1);
    await next(page, /\/publish$/);
    await next(page, /\/completed$/, "Publish");
    await expect(page.getByText("“Dune cottage” is published.")).toBeVisible();

    // The verification started with the details and now waits on its checks.
    const status = (await (await page.request.get("/api/app/user/kyc/status", { headers })).json()) as { status: string; isKYCApplicable: boolean };
    expect(status).toMatchObject({ status: "IN_PROGRESS", isKYCApplicable: true });
    const business = (await (await page.request.get("/api/app/user/onboarding/getBusinessDetails", { headers })).json()) as { legalName?: string };
    expect(JSON.stringify(business)).toContain("Erin Stays GmbH");
  });

  test("a company builds a multi-unit property and adds a second unit", async ({ page }, testInfo) => {
    test.slow();
    const host = await newHost(page, "company");
    const token = await apiToken(page.request, host.email, host.password);
    await visit(page, "/listing/check-eligibility");
    await page.getByLabel("Where is the property?").selectOption("DE");
    await page.getByLabel("I manage it for the owner").check();
    await next(page, /\/listing\/first-property/, "Continue");
    await expect(page.getByLabel("Several units in one property: apartments, rooms of a guesthouse")).toBeChecked();
    await next(page, /\/listing\/multi-unit\/[^/]+\/[^/]+\/property$/, "Start");
    await page.getByLabel("Guesthouse").check();
    await page.getByLabel("2–5 units").check();
    await next(page, /\/location$/);
    // The location steps are those of every property (walked above): answered through the API.
    const { propertyId, unitId } = wizardIds(page);
    // The multi-unit wizard has no plan step: a host on the subscription model publishes under a running subscription.
    await ensureSubscription(page.request, token, unitId);
    await saveLocation(page.request, token, propertyId, { postalCode: "20095" });
    await markStepsDone(page.request, token, unitId, ["location", "location/address", "location/map"]);
    await visit(page, `/listing/property/${propertyId}/unit/${unitId}`);
    await expect(page).toHaveURL(/\/property-title$/);
    await page.getByLabel("Property name").fill("Haus Ostseeblick");
    await page.getByLabel("About the property").fill("A guesthouse behind the dunes with six flats.");
    await next(page, /\/start-unit$/);
    await next(page, /\/unit-type$/, "Describe the unit");
    await page.getByLabel("Entire place").check();
    await page.getByLabel("Name of the unit").fill("Flat 1");
    await next(page, /\/guests-and-rooms\/info$/);
    await unitDescribedThroughApi(page, token, "Dune flat");
    await next(page, /\/personal-details\/info$/);
    await personalDetails(page);
    await next(page, /\/personal-details\/owner$/);
    const representative = await companyDetails(page, "2015-01-01");
    await page.getByRole("button", { name: "Next" }).click();
    // An under-age representative is refused; everything typed stays.
    await expect(representative.getByLabel("Role")).toHaveValue("Managing director");
    await expect(page.locator("#field-signatories-0-dateOfBirth-errors")).not.toBeEmpty();
    await representative.getByLabel("Date of birth").fill("1980-06-30");
    await next(page, /\/publish$/);
    await next(page, /\/completed$/, "Publish");

    await page.getByRole("button", { name: "Add another unit" }).click();
    // The property's own steps are done: the new unit starts with the unit.
    await page.waitForURL(/\/multi-unit\/[^/]+\/[^/]+\/start-unit$/);
    await settled(page);
    // The unit selection lists both units (a dialog with JavaScript, a page without).
    // By keyboard: the first-visit Help Center tooltip may sit over the wizard's header.
    await page.getByRole("link", { name: "Units", exact: true }).focus();
    await page.keyboard.press("Enter");
    const selection = testInfo.project.use.javaScriptEnabled === false ? page.locator("main") : page.getByRole("dialog");
    await expect(selection.getByText("Dune flat · Published")).toBeVisible();
    await expect(selection.getByText("Untitled unit · In progress")).toBeVisible();
    await selection.getByRole("link", { name: /^Continue listing/ }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/multi-unit\/[^/]+\/[^/]+\/start-unit$/);
    await settled(page);
    await next(page, /\/unit-type$/, "Describe the unit");
    await page.getByLabel("Entire place").check();
    await page.getByLabel("Name of the unit").fill("Flat 2");
    await next(page, /\/guests-and-rooms\/info$/);
    await unitDescribedThroughApi(page, token, "Garden flat");
    // Onboarding is finished: no personal details again.
    await next(page, /\/publish$/);
    await next(page, /\/completed$/, "Publish");
    await visit(page, "/properties");
    await expect(page.locator("tbody tr").filter({ hasText: "Haus Ostseeblick" })).toContainText("2 units, 2 published");
  });

  test("a subscription host picks a plan and its services, gives personal details and publishes", async ({ page }) => {
    test.slow();
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const headers = { authorization: `Bearer ${token}` };
    // Everything up to the calendar is done already, through the API.
    await createProperty(page.request, token, { title: "Harbour studio", complete: true, nightlyPrice: 9000, stepsDone: STEPS_TO_CALENDAR });

    await visit(page, "/listing");
    await expect(page).toHaveURL(/\/single-unit\/.+\/commercial-model$/);
    await page.getByLabel(/^Subscription: a yearly fee per unit/).check();
    await next(page, /\/commercial-model\/plan$/);
    // Only the plans of the chosen model: a yearly price, no fee per booking.
    await expect(page.getByLabel("Premium subscription")).toBeVisible();
    await expect(page.getByLabel("Shared fee")).toHaveCount(0);
    await expect(page.getByLabel("Host-paid fee")).toHaveCount(0);
    await page.getByLabel("Basic subscription").check();
    await page.getByLabel("Coupon code (optional)").fill("NOSUCHCODE");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("Coupon code (optional)")).toHaveValue("NOSUCHCODE");
    await expect(page.locator("#field-couponCode-errors")).not.toBeEmpty();
    await page.getByLabel("Coupon code (optional)").fill("WELCOME10");
    await next(page, /\/commercial-model\/plan-services$/);
    await next(page, /\/personal-details\/info$/);
    await personalDetails(page);
    await next(page, /\/publish$/);
    await next(page, /\/completed$/, "Publish");
    const subscription = await (await page.request.get("/api/app/v2/user/subscription", { headers })).json();
    expect(subscription.currentPlan.name).toBe("Basic subscription");
    expect(subscription.subscription.couponCode).toBe("WELCOME10");
  });

  test("a host who pays through checkout pays the plan at the provider: a declined card, a bank that confirms later, then on", async ({ page }) => {
    test.slow();
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const headers = { authorization: `Bearer ${token}` };
    await enableFeatures(page, host.email, ["subscriptionCheckout"]);
    await createProperty(page.request, token, { title: "Harbour studio", complete: true, nightlyPrice: 9000, stepsDone: STEPS_TO_CALENDAR });
    const subscription = async () => (await (await page.request.get("/api/app/v2/user/subscription", { headers })).json()) as { subscription: { couponCode: string | null } | null; currentPlan: { name: string; subscriptionStatus: string } | null };

    await visit(page, "/listing");
    await expect(page).toHaveURL(/\/single-unit\/.+\/commercial-model$/);
    await page.getByLabel(/^Subscription: a yearly fee per unit/).check();
    await next(page, /\/commercial-model\/plan$/);
    await expect(page.getByText(/A plan with a price is paid at our payment provider/)).toBeVisible();
    // No trial where the plan is paid first.
    await expect(page.getByText("30 days free trial")).toHaveCount(0);
    await page.getByLabel("Basic subscription").check();
    await page.getByLabel("Coupon code (optional)").fill("WELCOME10");

    // The card is declined: back on the step, nothing started, the plan still chosen.
    await next(page, /\/api\/payments\/test-provider\/pages\//);
    await expect(page.getByText("€269.10")).toBeVisible();
    await page.getByRole("button", { name: "Decline the card" }).click();
    await page.waitForURL(/\/commercial-model\/plan\?hostedPageId=/);
    await settled(page);
    await expect(page.getByText(/The payment was declined and no plan has started/)).toBeVisible();
    await expect(page.getByLabel("Basic subscription")).toBeChecked();
    expect((await subscription()).subscription).toBeNull();

    // Paid, with the bank confirming later: the step waits and offers no second payment.
    await page.getByLabel("Coupon code (optional)").fill("WELCOME10");
    await next(page, /\/api\/payments\/test-provider\/pages\//);
    const providerPage = new URL(page.url()).pathname;
    await page.getByRole("button", { name: "Pay, bank confirms later" }).click();
    await page.waitForURL(/\/commercial-model\/plan\?hostedPageId=/);
    await settled(page);
    await expect(page.getByText(/Your bank is confirming the payment/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Next", exact: true })).toHaveCount(0);
    expect((await subscription()).subscription).toBeNull();
    await page.getByRole("link", { name: "Check again" }).click();
    await expect(page.getByText(/Your bank is confirming the payment/)).toBeVisible();

    // The bank confirms (on the provider's side): the plan starts and the wizard goes on.
    expect((await page.request.post(providerPage, { form: { outcome: "confirm" } })).status()).toBe(200);
    await page.getByRole("link", { name: "Check again" }).click();
    await page.waitForURL(/\/commercial-model\/plan-services$/);
    await settled(page);
    const started = await subscription();
    expect(started.currentPlan).toMatchObject({ name: "Basic subscription", subscriptionStatus: "active" });
    expect(started.subscription!.couponCode).toBe("WELCOME10");
    // Coming back to the plan step, the paid plan is the one chosen, and Next takes no second payment.
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(/\/commercial-model\/plan$/);
    await settled(page);
    await expect(page.getByLabel("Basic subscription")).toBeChecked();
    await next(page, /\/commercial-model\/plan-services$/);
  });

  test("a subscribed host verifies where a further unit is listed, puts it under the plan, boosts it and publishes", async ({ page }) => {
    test.slow();
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const headers = { authorization: `Bearer ${token}` };
    expect((await page.request.patch("/api/app/user/info", { headers, data: { commercialModel: "subscription" } })).status()).toBe(200);
    await enableFeatures(page, host.email, ["listingVerification", "subscriptionCheckout", "coinSubscription"]);
    // The first unit: calendar verified, under the premium plan, published (onboarding is then finished).
    const first = await createProperty(page.request, token, { title: "Harbour studio", complete: true, nightlyPrice: 11000 });
    // Listing ids are unique per run: a listing validated for one unit cannot be claimed by another.
    const run = `${Date.now()}${Math.floor(Math.random() * 1_000_000)}`;
    const listing = (n: number) => `https://www.airbnb.com/rooms/${run}${n}`;
    const firstListing = listing(1);
    expect((await page.request.post(`/api/app/property-unit/${first.unitId}/verify-calendar/airbnb/data`, { headers, data: { isListed: true, url: firstListing } })).status()).toBe(200);
    expect(await (await page.request.get(`/api/app/property-unit/${first.unitId}/verify-calendar/airbnb/verify`, { headers })).json()).toMatchObject({ status: "validated" });
    // The host pays through checkout: the premium plan is paid at the test provider first.
    await subscribe(page.request, token, { planItemPriceId: "subscription-premium-EUR-yearly", unitId: first.unitId });
    expect((await page.request.patch(`/api/app/property-unit/${first.unitId}/publish`, { headers })).status()).toBe(200);
    // The second unit is described up to its prices.
    const second = await createProperty(page.request, token, { title: "Harbour loft", complete: true, nightlyPrice: 12000, stepsDone: STEPS_TO_SEASONS });

    await visit(page, `/listing/property/${second.id}/unit/${second.unitId}`);
    await expect(page).toHaveURL(/\/single-unit\/.+\/listing-verification$/);
    await page.getByLabel("Airbnb").check();
    await page.getByLabel("Yes, it is listed there").check();
    await page.getByLabel("Link to the listing or its calendar (iCal)").fill("https://example.com/my-flat");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Enter the link of your listing or of its calendar export on Airbnb.")).toBeVisible();
    await expect(page.getByLabel("Link to the listing or its calendar (iCal)")).toHaveValue("https://example.com/my-flat");
    await expect(page.getByLabel("Yes, it is listed there")).toBeChecked();
    // The first unit's listing is not this unit's.
    await page.getByLabel("Link to the listing or its calendar (iCal)").fill(firstListing);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("This listing is already verified for another unit. Check the link.")).toBeVisible();
    const secondListing = listing(2);
    await page.getByLabel("Link to the listing or its calendar (iCal)").fill(secondListing);
    // Validated at once: the status page has nothing to tell and is left out.
    await next(page, /\/calendar-availability$/);
    await next(page, /\/subscription\/plan$/);
    await expect(page.getByLabel("Premium subscription")).toBeChecked();
    await next(page, /\/subscription\/boost$/);
    await expect(page.getByText("You have 6 boost credits; a week of boost costs one.")).toBeVisible();
    // The days are fixed once: a test running over midnight would otherwise compare two days.
    const [from, before, to] = [inDays(10), inDays(5), inDays(16)];
    await page.getByLabel("From").fill(from);
    await page.getByLabel("To").fill(before);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("The end date must not be before the start date.")).toBeVisible();
    await expect(page.getByLabel("From")).toHaveValue(from);
    await page.getByLabel("To").fill(to);
    await next(page, /\/publish$/);
    await next(page, /\/completed$/, "Publish");

    const verification = await (await page.request.get(`/api/app/property-unit/${second.unitId}/verify-calendar/airbnb/data`, { headers })).json();
    expect(verification).toMatchObject({ status: "validated", url: secondListing });
    const subscription = await (await page.request.get("/api/app/v2/user/subscription", { headers })).json();
    expect(subscription.subscription.unitIds).toEqual([first.unitId, second.unitId]);
    expect(subscription.boost.scheduledPeriods).toEqual([expect.objectContaining({ unitId: second.unitId, startDate: from, endDate: to, credits: 1 })]);
  });

  test("Save and exit saves what was typed on the step, or shows what is wrong and stays", async ({ page }) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const property = await createProperty(page.request, token, { title: "", stepsDone: ["property", "location", "location/address", "location/map", "guests-and-rooms/info", "guests-and-rooms/beds", "photos", "amenities"] });
    await visit(page, `/listing/property/${property.id}/unit/${property.unitId}`);
    await expect(page).toHaveURL(/\/title$/);
    await page.getByRole("textbox", { name: "Description" }).fill("Sea view, two balconies.");
    await page.getByRole("button", { name: "Save and exit" }).click();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await expect(page).toHaveURL(/\/title$/);
    await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue("Sea view, two balconies.");
    await page.getByRole("textbox", { name: "Title" }).fill("Harbour loft");
    await page.getByRole("button", { name: "Save and exit" }).click();
    await page.waitForURL(/\/properties$/);
    await settled(page);
    const unit = (await (await page.request.get(`/api/app/property-unit/${property.unitId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { title: string; description: string };
    expect(unit).toMatchObject({ title: "Harbour loft", description: "Sea view, two balconies." });
    // Coming back resumes after the saved step.
    await visit(page, `/listing/property/${property.id}/unit/${property.unitId}`);
    await expect(page).toHaveURL(/\/price-and-availability$/);
  });

  test("the calendar step says what guests can do by the host's model: send inquiries on a subscription, book on commission", async ({ page }) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const property = await createProperty(page.request, token, { title: "Dune flat", complete: true, nightlyPrice: 10000, stepsDone: STEPS_TO_SEASONS });
    await visit(page, `/listing/property/${property.id}/unit/${property.unitId}`);
    await expect(page).toHaveURL(/\/calendar-availability$/);
    const step = page.url();
    const choices = page.getByRole("group", { name: "When the unit is published" });
    const open = choices.getByRole("radio").first();
    // A new host is on a subscription: its guests send inquiries, they cannot book straight away.
    await expect(open).toHaveAccessibleName("Guests can send you inquiries about free nights straight away");
    await expect(choices.getByText(/book/)).toHaveCount(0);

    expect((await page.request.patch("/api/app/user/info", { headers: { authorization: `Bearer ${token}` }, data: { commercialModel: "commission" } })).status()).toBe(200);
    await visit(page, step);
    await expect(open).toHaveAccessibleName("Guests can book every free night straight away");
    await expect(choices.getByText(/inquir/)).toHaveCount(0);
  });

  test("a commission host chooses the promotions of a new unit, and they stay chosen", async ({ page }) => {
    const host = await newHost(page);
    const token = await apiToken(page.request, host.email, host.password);
    const headers = { authorization: `Bearer ${token}` };
    expect((await page.request.patch("/api/app/user/info", { headers, data: { commercialModel: "commission" } })).status()).toBe(200);
    await createProperty(page.request, token, { title: "First flat", complete: true, publish: true });
    const second = await createProperty(page.request, token, { title: "Canal flat", complete: true, nightlyPrice: 10000, stepsDone: STEPS_TO_PRICE });

    await visit(page, `/listing/property/${second.id}/unit/${second.unitId}`);
    await expect(page).toHaveURL(/\/price-and-availability\/promotions$/);
    await page.getByLabel("Offer an early-booker discount").check();
    await page.getByLabel("Offer a long-stay discount").check();
    await next(page, /\/price-and-availability\/seasons$/);
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(/\/promotions$/);
    await settled(page);
    await expect(page.getByLabel("Offer an early-booker discount")).toBeChecked();
    await expect(page.getByLabel("Offer a last-minute discount")).not.toBeChecked();
    // Changing one's mind switches the promotion off again.
    await page.getByLabel("Offer an early-booker discount").uncheck();
    await next(page, /\/price-and-availability\/seasons$/);
    const promotions = (await (await page.request.get(`/api/app/property-unit/${second.unitId}/promotions`, { headers })).json()) as { items: { type: string; state: string }[] };
    expect(promotions.items.filter((p) => p.state === "ACTIVE").map((p) => p.type)).toEqual(["long-stay"]);
  });
});
