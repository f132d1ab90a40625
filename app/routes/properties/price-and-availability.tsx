import type { ReactNode } from "react";
import type { SubmissionResult } from "~/lib/conform";
import { data, Form, useNavigation, type RouterContextProvider, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/price-and-availability";
import { hostApi } from "@contract/index";
import { toMajorText } from "@domain/money";
import {
  arrivalFormSchema,
  discountFieldsOf,
  discountsFormSchema,
  discountsOf,
  extraChargesFormSchema,
  moneyField,
  seasonFormSchemaAmong,
  securityDepositSchema,
  stayPriceFormSchema,
  storedDiscountProblems,
  taxesFormSchema,
  tickedRows,
  weekdaysField,
} from "@domain/price-fields";
import { MONTHLY_MIN_NIGHTS, TAX_FEE_TYPES, WEEKDAYS, WEEKLY_MIN_NIGHTS } from "@domain/pricing";
import { SERVICES } from "@domain/property-configuration";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/select-field";
import { ChoiceList } from "~/components/ui/choice-list";
import { choiceOf, chosenOf, FieldErrors, FormErrors, inputOf, type FieldState, type FormAnswer } from "~/components/ui/form-errors";
import { useFormFields } from "~/components/ui/form-fields";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useFormat } from "~/lib/format";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError } from "~/lib/host-api.server";
import { useTranslation } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { unitHref } from "~/lib/pages";

/**
 * A unit's prices after publishing (§3 Pricing defaults, §5, §9): each card of the page is a form of
 * its own that saves one part of the price configuration as a merge patch, from the price version the
 * page showed (If-Match), so a change made elsewhere in the meantime is never overwritten unseen.
 */

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

const ratesSchema = stayPriceFormSchema.extend({ securityDeposit: moneyField(securityDepositSchema).optional() });
const taxesSchema = taxesFormSchema.extend({ removeTax: tickedRows });
/**
 * In the section a season also has its own arrival days (the wizard's seasons step leaves them to the
 * defaults); it is checked among the unit's other seasons and under its maximum stay.
 */
const seasonSchemaAmong = (...among: Parameters<typeof seasonFormSchemaAmong>) => seasonFormSchemaAmong(...among).extend({ checkInDays: weekdaysField });

const INTENTS = ["rates", "arrival", "discounts", "charges", "taxes", "season-add", "season-save", "season-remove"] as const;
type Intent = (typeof INTENTS)[number];

/** A save refused as stale (409) reloads the values, with JavaScript too (4xx answers skip the reload otherwise). */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

type Context = Readonly<RouterContextProvider>;

/**
 * The values and their price version from one answer (its ETag, read in the same D1 batch): a change
 * after it makes a save stale, never one the host did not see.
 */
async function readPrices(context: Context, unitId: string) {
  const auth = context.get(authContext);
  // The page's own unit's configuration comes with the shell's call (decision 024), unless an action wrote since.
  const read = auth.priceConfiguration(unitId);
  if (read) return { version: read.version, prices: read.configuration };
  const { data: prices, headers } = await auth.callWithHeaders(hostApi.pricing.configuration, { params: { id: unitId } });
  return { version: versionOf(headers.ETag), prices };
}

/** The price version an ETag names (`"7"`). */
function versionOf(etag: string): number {
  const version = /^(?:W\/)?"(\d{1,15})"$/.exec(etag.trim())?.[1];
  if (version === undefined) throw new Error(`The price configuration's ETag names no version: ${etag}`);
  return Number(version);
}

type Prices = Awaited<ReturnType<typeof readPrices>>["prices"];
const major = (minor: number | null | undefined) => (minor === null || minor === undefined ? "" : toMajorText(minor));
const count = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** What each form shows, in the shape it sends. A list of rows ends with an empty one to add. */
function formValues(prices: Prices) {
  const discounts = discountFieldsOf(prices.discounts);
  return {
    rates: {
      nightlyPrice: major(prices.nightlyPrice),
      minStay: count(prices.minStay),
      maxStay: count(prices.maxStay),
      extraGuestsCount: count(prices.extraGuestsCount),
      extraGuestPrice: major(prices.extraGuestPrice),
      securityDeposit: major(prices.securityDeposit),
    },
    arrival: {
      checkInFrom: prices.checkInFrom,
      checkInTo: prices.checkInTo,
      checkOutTo: prices.checkOutTo,
      checkInDays: prices.checkInDays.map(String),
      checkOutDays: prices.checkOutDays.map(String),
    },
    discounts: {
      weekly: count(discounts.weekly),
      monthly: count(discounts.monthly),
      custom: [...discounts.custom.map((d) => ({ minNights: String(d.minNights), percent: String(d.percent) })), { minNights: "", percent: "" }],
    },
    charges: {
      charges: SERVICES.map((service) => {
        const charge = prices.extraCharges.find((c) => c.type === service.id);
        return { type: service.id, pricingKind: charge?.pricingKind ?? service.pricingKinds[0], amount: major(charge?.amount) };
      }),
    },
    taxes: {
      taxes: [
        ...prices.taxes.map((tax) => ({ feeType: tax.feeType, amount: major(tax.amount), maxNights: count(tax.maxNights), maxAmount: major(tax.maxAmount) })),
        { feeType: "per_person_per_day", amount: "", maxNights: "", maxAmount: "" },
      ],
    },
    seasons: prices.seasonsPricing.map((s) => ({
      id: s.id,
      values: {
        dateFrom: s.dateFrom,
        dateTo: s.dateTo,
        recurrence: s.recurrence,
        nightlyPrice: major(s.nightlyPrice),
        minStay: count(s.minStay),
        extraGuestPrice: major(s.extraGuestPrice),
        checkInDays: (s.checkInDays ?? prices.checkInDays).map(String),
      },
    })),
  };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const [{ version, prices }, configuration] = await Promise.all([readPrices(context, params.unitId), loadConfiguration(context)]);
  return {
    // The services' and pricing kinds' names in the host's language (§3 Configuration).
    services: configuration.extraCharges,
    title: serverT(context)("properties:unit.section.price-and-availability"),
    version,
    currency: prices.currency,
    seasons: prices.seasonsPricing,
    forms: formValues(prices),
    storedDiscounts: storedDiscountsAnswer(prices),
  };
}

/**
 * What the discounts form says before any save when the stored discounts contradict each other (saved
 * before they had to agree, decision 025's last addendum): the errors a save of them as they are would
 * get, under their fields; null when they agree. The page's other forms save as usual meanwhile.
 */
function storedDiscountsAnswer(prices: Prices): FormAnswer | null {
  const problems = storedDiscountProblems(prices.discounts);
  if (!problems.length) return null;
  const error: Record<string, string[]> = {};
  for (const { path, message } of problems) (error[fieldName(path)] ??= []).push(message);
  return { error };
}

/** What an action answers: which form was sent (and which season), and conform's result for it. */
interface Answer {
  intent: Intent;
  season?: string | undefined;
  result: SubmissionResult<string[]>;
}

function answer(intent: Intent, result: SubmissionResult<string[]>, status: number, season?: string) {
  return data({ intent, season, result } satisfies Answer, { status });
}

/** A field's name on the form from its path (`["custom", 1, "percent"]` is `custom[1].percent`), as conform names it. */
const fieldName = (path: (string | number)[]) => path.map((key, i) => (typeof key === "number" ? `[${key}]` : i ? `.${key}` : key)).join("");

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = z.enum(INTENTS).catch("rates").parse(form.get("intent"));
  const sentVersion = String(form.get("version") ?? "");
  const ifMatch = /^\d{1,15}$/.test(sentVersion) ? `"${sentVersion}"` : undefined;
  const { call } = context.get(authContext);
  const saved = (key: string) => redirectWithFlash(context, unitHref(params, "price-and-availability"), { kind: "success", key });

  /** Saves a merge patch; a refusal comes back as the form's errors, what the host typed kept. */
  async function save(
    submission: { reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> },
    body: Record<string, unknown>,
    options: Parameters<typeof replyWithApiError>[2] & { season?: string },
    flashKey = "commons.saved",
  ) {
    try {
      await call(hostApi.pricing.patchConfiguration, { params: { id: params.unitId }, headers: ifMatch ? { "if-match": ifMatch } : {}, body });
    } catch (error) {
      // Changed elsewhere meanwhile: the page loads the current values and says so; nothing typed is saved over them.
      if (error instanceof HostApiError && error.status === 409) return answer(intent, submission.reply({ formErrors: ["stale_version"] }), 409, options.season);
      const { result, status } = replyWithApiError(submission, error, options);
      return answer(intent, result, status, options.season);
    }
    return saved(flashKey);
  }

  if (intent === "rates") {
    const submission = parseWithZod(form, { schema: ratesSchema });
    if (submission.status !== "success") return answer(intent, submission.reply(), 400);
    const v = submission.value;
    const body = { ...v, extraGuestsCount: v.extraGuestsCount ?? null, extraGuestPrice: v.extraGuestPrice ?? null, securityDeposit: v.securityDeposit ?? 0 };
    return save(submission, body, { fields: Object.keys(ratesSchema.shape) });
  }

  if (intent === "arrival") {
    const submission = parseWithZod(form, { schema: arrivalFormSchema });
    if (submission.status !== "success") return answer(intent, submission.reply(), 400);
    return save(submission, submission.value, { fields: Object.keys(arrivalFormSchema.shape) });
  }

  if (intent === "discounts") {
    const submission = parseWithZod(form, { schema: discountsFormSchema });
    if (submission.status !== "success") return answer(intent, submission.reply(), 400);
    // Each discount sent remembers the field it came from, so that the API's refusal lands there.
    const sent = discountsOf(submission.value);
    const rename: Record<string, string> = {};
    sent.forEach(({ path }, k) => {
      for (const key of ["minNights", "percent", "lengthType"] as const) rename[`discounts.${k}.${key}`] = fieldName(path(key));
    });
    return save(submission, { discounts: sent.map((s) => s.discount) }, { rename, fields: [...new Set(Object.values(rename))] });
  }

  if (intent === "charges") {
    const submission = parseWithZod(form, { schema: extraChargesFormSchema });
    if (submission.status !== "success") return answer(intent, submission.reply(), 400);
    const offered = submission.value.charges.map((c, i) => ({ ...c, i })).filter((c) => c.amount !== undefined);
    const rename: Record<string, string> = {};
    offered.forEach((c, k) => {
      for (const key of ["type", "pricingKind", "amount"]) rename[`extraCharges.${k}.${key}`] = `charges[${c.i}].${key === "type" ? "amount" : key}`;
    });
    return save(submission, { extraCharges: offered.map(({ type, pricingKind, amount }) => ({ type, pricingKind, amount })) }, { rename, fields: [...new Set(Object.values(rename))] });
  }

  if (intent === "taxes") {
    const submission = parseWithZod(form, { schema: taxesSchema });
    if (submission.status !== "success") return answer(intent, submission.reply(), 400);
    const kept = submission.value.taxes.map((t, i) => ({ ...t, i })).filter((t) => t.amount !== undefined && !submission.value.removeTax.includes(t.i));
    const rename: Record<string, string> = {};
    kept.forEach((t, k) => {
      for (const key of ["feeType", "amount", "maxNights", "maxAmount"]) rename[`taxes.${k}.${key}`] = `taxes[${t.i}].${key}`;
    });
    const taxes = kept.map((t) => ({
      category: "local_tax" as const,
      feeType: t.feeType,
      amount: t.amount!,
      ...(t.maxNights === undefined ? {} : { maxNights: t.maxNights }),
      ...(t.maxAmount === undefined ? {} : { maxAmount: t.maxAmount }),
    }));
    return save(submission, { taxes }, { rename, fields: [...new Set(Object.values(rename))] });
  }

  // Seasons: the list is sent whole (a merge patch replaces an array), each season with its id.
  const { prices } = await readPrices(context, params.unitId);
  const seasons = prices.seasonsPricing;
  const seasonId = String(form.get("season") ?? "");
  if (intent === "season-remove") {
    const submission = parseWithZod(form, { schema: z.object({ season: z.string() }) });
    if (submission.status !== "success") return answer(intent, submission.reply(), 400, seasonId);
    return save(submission, { seasonsPricing: seasons.filter((s) => s.id !== submission.value.season) }, { fields: [], season: seasonId }, "properties:prices.seasonRemoved");
  }
  // A season removed in the meantime is compared with none: the answer says the page was stale.
  const gone = intent === "season-save" && !seasons.some((s) => s.id === seasonId);
  const seasonSchema = seasonSchemaAmong(gone ? undefined : prices, intent === "season-save" ? seasonId : undefined);
  const submission = parseWithZod(form, { schema: seasonSchema });
  if (submission.status !== "success") return answer(intent, submission.reply(), 400, seasonId || undefined);
  const { minStay, extraGuestPrice, checkInDays, ...rest } = submission.value;
  // The default's arrival days are no rule of the season's own: it follows the default when that changes.
  const ownDays = checkInDays.length === prices.checkInDays.length && checkInDays.every((day) => prices.checkInDays.includes(day)) ? null : checkInDays;
  const season = { ...rest, minStay: minStay ?? null, extraGuestPrice: extraGuestPrice ?? null, checkInDays: ownDays };
  const fields = Object.keys(seasonSchema.shape);
  if (intent === "season-save") {
    const index = seasons.findIndex((s) => s.id === seasonId);
    // A season removed in the meantime: the page shows the seasons as they are now.
    if (index < 0) return answer(intent, submission.reply({ formErrors: ["stale_version"] }), 409, seasonId);
    const list = seasons.map((s, i) => (i === index ? { ...season, id: s.id } : s));
    return save(submission, { seasonsPricing: list }, { apiPrefix: `seasonsPricing.${index}`, fields, season: seasonId });
  }
  return save(submission, { seasonsPricing: [...seasons, season] }, { apiPrefix: `seasonsPricing.${seasons.length}`, fields }, "properties:prices.seasonAdded");
}

// ---------------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------------

/** The answer of the action when it was this form's. */
function answerFor(actionData: Answer | undefined, intent: Intent, season?: string) {
  if (!actionData || actionData.intent !== intent) return undefined;
  if (season !== undefined && actionData.season !== season) return undefined;
  return actionData.result;
}

/** A stale save reloads the page's values: the form shows them, not what was typed over older ones. */
function isStale(result: SubmissionResult<string[]> | undefined) {
  return Boolean(result?.error?.[""]?.includes("stale_version"));
}

function SaveButton({ intent, season, label }: { intent: Intent; season?: string; label?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent && (season === undefined || navigation.formData?.get("season") === season);
  return (
    <Button variant="primary" name="intent" value={intent} pending={pending}>
      {label ?? t("properties:taxesAndLaws.save")}
    </Button>
  );
}

/**
 * One card of the page: a form of its own with its heading, its errors (a stale version's message
 * above all), the price version it was read at, and its fields and buttons.
 */
function PriceCard({
  form,
  result,
  version,
  titleId,
  heading,
  children,
}: {
  form: ReturnType<typeof useFormFields>;
  result: SubmissionResult<string[]> | undefined;
  version: number;
  titleId: string;
  heading: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...form.form} className="card stack" aria-labelledby={titleId}>
      {heading}
      <FormErrors id={form.errorId} errors={isStale(result) ? ["stale_version"] : form.errors} />
      <input type="hidden" name="version" value={version} />
      {children}
    </Form>
  );
}


type Data = Route.ComponentProps["loaderData"];

function RatesForm({ loaderData, result }: { loaderData: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const { currency, version } = loaderData;
  const form = useFormFields("rates", isStale(result) ? undefined : result, loaderData.forms.rates);
  const fields = form.field;
  return (
    <PriceCard
      form={form}
      result={result}
      version={version}
      titleId="rates-title"
      heading={<h3 id="rates-title">{t("properties:prices.rates")}</h3>}
    >
      <TextInput {...inputOf(fields("nightlyPrice"))} label={t("properties:prices.nightlyPrice", { currency })} hint={t("properties:prices.nightlyPriceHint", { currency })} />
      <div className="form-columns">
        <TextInput {...inputOf(fields("minStay"))} type="number" min={1} max={365} label={t("properties:prices.minStay")} />
        <TextInput {...inputOf(fields("maxStay"))} type="number" min={1} max={365} label={t("properties:prices.maxStay")} />
      </div>
      <fieldset className="field">
        <legend>{t("properties:prices.extraGuests")}</legend>
        <div className="form-columns">
          <TextInput {...inputOf(fields("extraGuestsCount"))} type="number" min={1} max={99} label={t("properties:prices.extraGuestsCount")} />
          <TextInput {...inputOf(fields("extraGuestPrice"))} label={t("properties:prices.extraGuestPrice", { currency })} />
        </div>
      </fieldset>
      <TextInput {...inputOf(fields("securityDeposit"))} label={t("properties:prices.securityDeposit", { currency })} hint={t("properties:prices.securityDepositHint")} />
      <div className="button-row">
        <SaveButton intent="rates" />
      </div>
    </PriceCard>
  );
}

function Weekdays({ name, legend, chosen, errors, idPrefix = "prices" }: { name: string; legend: string; chosen: Set<string>; errors: string[] | undefined; idPrefix?: string }) {
  const format = useFormat();
  const errorId = `${idPrefix}-${name}-errors`;
  // Monday first, as hosts in Europe read a week.
  const days = [...WEEKDAYS.slice(1), 0];
  return (
    <fieldset className="field" aria-describedby={errors?.length ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="button-row">
        {days.map((day) => (
          <label key={day} className="choice">
            <input type="checkbox" name={name} value={day} defaultChecked={chosen.has(String(day))} />
            {format.weekday(day)}
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}

/** A select's value as sent (or loaded), else its default. */
const chosenOr = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);

function ArrivalForm({ loaderData, result }: { loaderData: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const form = useFormFields("arrival", isStale(result) ? undefined : result, loaderData.forms.arrival);
  const fields = form.field;
  const hours = HOURS.map((h) => ({ value: h, label: h }));
  return (
    <PriceCard
      form={form}
      result={result}
      version={loaderData.version}
      titleId="arrival-title"
      heading={<h3 id="arrival-title">{t("properties:prices.arrival")}</h3>}
    >
      <div className="form-columns">
        <SelectField id="prices-checkInFrom" name="checkInFrom" label={t("properties:policies.checkInFrom")} value={chosenOr(fields("checkInFrom").initialValue, "15:00")} options={hours} errors={fields("checkInFrom").errors} />
        <SelectField id="prices-checkInTo" name="checkInTo" label={t("properties:policies.checkInTo")} value={chosenOr(fields("checkInTo").initialValue, "21:00")} options={hours} errors={fields("checkInTo").errors} />
        <SelectField id="prices-checkOutTo" name="checkOutTo" label={t("properties:policies.checkOutTo")} value={chosenOr(fields("checkOutTo").initialValue, "11:00")} options={hours} errors={fields("checkOutTo").errors} />
      </div>
      <Weekdays name="checkInDays" legend={t("properties:prices.checkInDays")} chosen={chosenOf(fields("checkInDays"))} errors={fields("checkInDays").errors} />
      <Weekdays name="checkOutDays" legend={t("properties:prices.checkOutDays")} chosen={chosenOf(fields("checkOutDays"))} errors={fields("checkOutDays").errors} />
      <div className="button-row">
        <SaveButton intent="arrival" />
      </div>
    </PriceCard>
  );
}

function DiscountsForm({ loaderData, result }: { loaderData: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const stored = loaderData.storedDiscounts;
  // Until a save of this form answers, the stored discounts' contradictions are its errors.
  const form = useFormFields("discounts", (isStale(result) ? undefined : result) ?? stored, loaderData.forms.discounts);
  const fields = form.field;
  const rows = form.rows("custom");
  return (
    <PriceCard
      form={form}
      result={result}
      version={loaderData.version}
      titleId="discounts-title"
      heading={
        <>
          <h3 id="discounts-title">{t("properties:prices.discounts")}</h3>
          <p className="muted">{t("properties:prices.discountsIntro")}</p>
          {stored ? <p className="banner banner--warning">{t("properties:prices.discountsContradict")}</p> : null}
        </>
      }
    >
      <div className="form-columns">
        <TextInput {...inputOf(fields("weekly"))} type="number" min={1} max={99} label={t("properties:prices.weekly", { nights: WEEKLY_MIN_NIGHTS })} />
        <TextInput {...inputOf(fields("monthly"))} type="number" min={1} max={99} label={t("properties:prices.monthly", { nights: MONTHLY_MIN_NIGHTS })} />
      </div>
      {rows.map((discountRow, i) => {
        const row = discountRow.field;
        const isNew = i === rows.length - 1;
        return (
          <fieldset key={discountRow.key} className="field">
            <legend>{isNew ? t("properties:prices.customNew") : t("properties:prices.custom", { number: i + 1 })}</legend>
            <div className="form-columns">
              <TextInput {...inputOf(row("minNights"))} type="number" min={2} max={365} label={t("properties:prices.customNights")} />
              <TextInput {...inputOf(row("percent"))} type="number" min={1} max={99} label={t("properties:prices.percent")} />
            </div>
            {isNew ? null : (
              <label className="choice">
                <input type="checkbox" name="removeCustom" value={i} />
                {t("properties:prices.removeDiscount", { number: i + 1 })}
              </label>
            )}
          </fieldset>
        );
      })}
      <div className="button-row">
        <SaveButton intent="discounts" />
      </div>
    </PriceCard>
  );
}

function ChargesForm({ loaderData, result }: { loaderData: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const { currency } = loaderData;
  const form = useFormFields("charges", isStale(result) ? undefined : result, loaderData.forms.charges);
  const rows = form.rows("charges");
  return (
    <PriceCard
      form={form}
      result={result}
      version={loaderData.version}
      titleId="charges-title"
      heading={
        <>
          <h3 id="charges-title">{t("properties:prices.charges")}</h3>
          <p className="muted">{t("properties:prices.chargesIntro")}</p>
        </>
      }
    >
      {rows.map((chargeRow, i) => {
        const row = chargeRow.field;
        const service = SERVICES[i]!;
        const labels = loaderData.services.find((s) => s.id === service.id);
        const name = labels?.label ?? service.id;
        const kindLabel = (kind: string) => labels?.pricingKinds.find((k) => k.id === kind)?.label ?? kind;
        const pricingKind = row("pricingKind");
        const kind = typeof pricingKind.initialValue === "string" ? pricingKind.initialValue : service.pricingKinds[0];
        return (
          <fieldset key={chargeRow.key} className="field">
            <legend>{name}</legend>
            <input type="hidden" name={row("type").name} value={service.id} />
            <div className="form-columns">
              <TextInput {...inputOf(row("amount"))} label={t("properties:prices.chargeAmount", { currency })} />
              {service.pricingKinds.length > 1 ? (
                <SelectField
                  id={`charge-${service.id}-kind`}
                  name={pricingKind.name}
                  label={t("properties:prices.chargeKind")}
                  value={kind}
                  options={service.pricingKinds.map((k) => ({ value: k, label: kindLabel(k) }))}
                  errors={pricingKind.errors}
                />
              ) : (
                <input type="hidden" name={pricingKind.name} value={service.pricingKinds[0]} />
              )}
            </div>
          </fieldset>
        );
      })}
      <div className="button-row">
        <SaveButton intent="charges" />
      </div>
    </PriceCard>
  );
}

function TaxesForm({ loaderData, result }: { loaderData: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const { currency } = loaderData;
  const form = useFormFields("taxes", isStale(result) ? undefined : result, loaderData.forms.taxes);
  const rows = form.rows("taxes");
  return (
    <PriceCard
      form={form}
      result={result}
      version={loaderData.version}
      titleId="taxes-title"
      heading={
        <>
          <h3 id="taxes-title">{t("properties:prices.taxes")}</h3>
          <p className="muted">{t("properties:prices.taxesIntro")}</p>
        </>
      }
    >
      {rows.map((taxRow, i) => {
        const row = taxRow.field;
        const feeType = row("feeType");
        const isNew = i === rows.length - 1;
        return (
          <fieldset key={taxRow.key} className="field">
            <legend>{isNew ? t("properties:prices.taxNew") : t("properties:prices.tax", { number: i + 1 })}</legend>
            <div className="form-columns">
              <SelectField
                id={`tax-${i}-feeType`}
                name={feeType.name}
                label={t("properties:prices.feeType")}
                value={typeof feeType.initialValue === "string" ? feeType.initialValue : "per_person_per_day"}
                options={TAX_FEE_TYPES.map((type) => ({ value: type, label: t(`properties:prices.feeTypes.${type}`) }))}
                errors={feeType.errors}
              />
              <TextInput {...inputOf(row("amount"))} label={t("properties:prices.taxAmount", { currency })} />
              <TextInput {...inputOf(row("maxNights"))} type="number" min={1} max={365} label={t("properties:prices.taxMaxNights")} />
              <TextInput {...inputOf(row("maxAmount"))} label={t("properties:prices.taxMaxAmount", { currency })} />
            </div>
            {isNew ? null : (
              <label className="choice">
                <input type="checkbox" name="removeTax" value={i} />
                {t("properties:prices.removeTax", { number: i + 1 })}
              </label>
            )}
          </fieldset>
        );
      })}
      <div className="button-row">
        <SaveButton intent="taxes" />
      </div>
    </PriceCard>
  );
}

function SeasonFields({ fields, currency, idPrefix }: { fields: (name: string) => FieldState; currency: string; idPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="form-columns">
        <TextInput {...inputOf(fields("dateFrom"))} type="date" label={t("properties:prices.dateFrom")} id={`${idPrefix}-dateFrom`} />
        <TextInput {...inputOf(fields("dateTo"))} type="date" label={t("properties:prices.dateTo")} id={`${idPrefix}-dateTo`} />
        <TextInput {...inputOf(fields("nightlyPrice"))} label={t("properties:prices.nightlyPrice", { currency })} id={`${idPrefix}-nightlyPrice`} />
        <TextInput {...inputOf(fields("minStay"))} type="number" min={1} max={365} label={t("properties:prices.seasonMinStay")} id={`${idPrefix}-minStay`} />
        <TextInput {...inputOf(fields("extraGuestPrice"))} label={t("properties:prices.extraGuestPrice", { currency })} id={`${idPrefix}-extraGuestPrice`} />
      </div>
      <ChoiceList
        {...choiceOf(fields("recurrence"))}
        legend={t("properties:prices.recurrenceLegend")}
        options={(["one-time", "recurring"] as const).map((id) => ({ id, label: t(`properties:prices.recurrence.${id}`) }))}
      />
      <Weekdays name="checkInDays" legend={t("properties:prices.seasonCheckInDays")} chosen={chosenOf(fields("checkInDays"))} errors={fields("checkInDays").errors} idPrefix={idPrefix} />
    </>
  );
}

function SeasonForm({ loaderData, season, result }: { loaderData: Data; season: Data["forms"]["seasons"][number]; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const form = useFormFields(`season-${season.id}`, isStale(result) ? undefined : result, season.values);
  const fields = form.field;
  const saved = loaderData.seasons.find((s) => s.id === season.id)!;
  const titleId = `season-${season.id}-title`;
  const dates = `${format.date(saved.dateFrom)} – ${format.date(saved.dateTo)}`;
  return (
    <PriceCard
      form={form}
      result={result}
      version={loaderData.version}
      titleId={titleId}
      heading={
        <>
          <h4 id={titleId}>
            {t("properties:prices.season", { dates })} · {format.money(saved.nightlyPrice, loaderData.currency)}
          </h4>
        </>
      }
    >
      <input type="hidden" name="season" value={season.id} />
      <SeasonFields fields={fields} currency={loaderData.currency} idPrefix={`season-${season.id}`} />
      <div className="button-row">
        <SaveButton intent="season-save" season={season.id} label={t("properties:prices.saveSeason")} />
        <Button variant="danger" name="intent" value="season-remove" formNoValidate>
          {t("properties:prices.removeSeason")}
          <span className="visually-hidden"> {dates}</span>
        </Button>
      </div>
    </PriceCard>
  );
}

function AddSeasonForm({ loaderData, result }: { loaderData: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const form = useFormFields("season-add", isStale(result) ? undefined : result, { recurrence: "one-time", checkInDays: loaderData.forms.arrival.checkInDays });
  const fields = form.field;
  return (
    <PriceCard
      form={form}
      result={result}
      version={loaderData.version}
      titleId="season-add-title"
      heading={<h4 id="season-add-title">{t("properties:prices.addSeason")}</h4>}
    >
      <SeasonFields fields={fields} currency={loaderData.currency} idPrefix="season-add" />
      <div className="button-row">
        <SaveButton intent="season-add" label={t("properties:prices.addSeasonButton")} />
      </div>
    </PriceCard>
  );
}

/** Every form is keyed by the price version: after a save, or a stale one, each shows the values as they are now. */
export default function PriceAndAvailability({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sent = actionData as Answer | undefined;
  const key = String(loaderData.version);
  return (
    <section className="stack" aria-labelledby="prices-title">
      <h2 id="prices-title">{t("properties:unit.section.price-and-availability")}</h2>
      <p>{t("properties:prices.intro", { currency: loaderData.currency })}</p>
      <RatesForm key={`rates-${key}`} loaderData={loaderData} result={answerFor(sent, "rates")} />
      <section className="stack" aria-labelledby="seasons-title">
        <h3 id="seasons-title">{t("properties:prices.seasons")}</h3>
        {loaderData.forms.seasons.length === 0 ? <p>{t("properties:prices.noSeasons")}</p> : null}
        {loaderData.forms.seasons.map((season) => (
          <SeasonForm
            key={`${season.id}-${key}`}
            loaderData={loaderData}
            season={season}
            result={answerFor(sent, "season-save", season.id) ?? answerFor(sent, "season-remove", season.id)}
          />
        ))}
        <AddSeasonForm key={`season-add-${key}`} loaderData={loaderData} result={answerFor(sent, "season-add")} />
      </section>
      <DiscountsForm key={`discounts-${key}`} loaderData={loaderData} result={answerFor(sent, "discounts")} />
      <ArrivalForm key={`arrival-${key}`} loaderData={loaderData} result={answerFor(sent, "arrival")} />
      <ChargesForm key={`charges-${key}`} loaderData={loaderData} result={answerFor(sent, "charges")} />
      <TaxesForm key={`taxes-${key}`} loaderData={loaderData} result={answerFor(sent, "taxes")} />
    </section>
  );
}
