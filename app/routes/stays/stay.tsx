import { data, Form, href, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/stay";
import { guestDetailsFields, stays } from "@contract/stays";
import { addDays, daysBetween, isIsoDate, todayIn, todayUtc, type IsoDate } from "@domain/dates";
import { firstDayOf, lastDayOf, monthWeeks, visibleMonths, type Month } from "@domain/calendar-month";
import { LOCALES } from "@domain/locales";
import { AMENITY_GROUPS } from "@domain/property-configuration";
import type { StayRefusal } from "@domain/quote";
import { PublicFrame } from "~/components/auth-layout";
import { Button, usePending } from "~/components/ui/button";
import { FieldErrors, FormErrors } from "~/components/ui/form-errors";
import { SelectField } from "~/components/ui/select-field";
import { TextArea } from "~/components/ui/text-area";
import { TextInput } from "~/components/ui/text-input";
import { parseWithZod } from "~/lib/conform.server";
import { appContext } from "~/lib/context";
import { useFormat } from "~/lib/format";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError, orNotFound } from "~/lib/host-api.server";
import { useTranslation, type TFunction, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { withQuery } from "~/lib/pages";
import { stayRefusalText } from "~/lib/stay-refusals";
import { listingLook } from "./listing-view.server";
import { publicCaller } from "./public-api.server";
import { receiptCookie, type StayReceipt } from "./receipt.server";
import stylesheet from "./stays.css?url";

export const handle: TranslationsHandle = { i18n: ["stays", "quote"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.listing.title }, { name: "description", content: loaderData?.listing.description.slice(0, 160) }];
}

/** The stay a guest is choosing, from the page's query: each part only when it is whole. */
interface ChosenStay {
  checkIn: IsoDate | null;
  checkOut: IsoDate | null;
  guests: number;
}

function chosenStay(query: URLSearchParams, maxGuests: number): ChosenStay {
  const day = (name: string) => {
    const value = query.get(name);
    return value && isIsoDate(value) ? value : null;
  };
  const checkIn = day("checkIn");
  const checkOut = checkIn ? day("checkOut") : null;
  const guests = Math.min(Math.max(Number.parseInt(query.get("guests") ?? "", 10) || 1, 1), maxGuests);
  return { checkIn, checkOut, guests };
}

/** The page's address with the months shown and the stay chosen (the choice lives in the URL). */
export function stayHref(unitId: string, month: Month | null, stay: Partial<ChosenStay>) {
  const query: Record<string, string> = {};
  if (month) query.month = month;
  if (stay.checkIn) query.checkIn = stay.checkIn;
  if (stay.checkOut) query.checkOut = stay.checkOut;
  if (stay.guests && stay.guests > 1) query.guests = String(stay.guests);
  return withQuery(href("/stays/:unitId", { unitId }), query);
}

/**
 * The public page of a published unit (§3 Booking, Booking request, Inquiry): what it is, when it
 * is free, what a stay costs, and the form to book, request or ask. For guests without an account;
 * no host shell. One call reads the unit with the two months shown, one more quotes a chosen stay.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const call = publicCaller(context, request);
  // The months shown start from UTC's today; the days are marked past or today by the unit's local day (its time zone comes with it).
  const window = visibleMonths(url.searchParams.get("month"), todayUtc());
  const unitId = params.unitId;
  // The guests are bounded by the unit, which the first answer tells: the calls start at once, the quote with what was asked.
  const asked = chosenStay(url.searchParams, 99);
  const quoted =
    asked.checkIn && asked.checkOut
      ? call(stays.quote, { params: { unitId }, query: { checkIn: asked.checkIn, checkOut: asked.checkOut, guests: asked.guests } }).then(
          (quote) => ({ quote, errors: [] as string[] }),
          (error: unknown) => {
            if (error instanceof HostApiError && error.status === 400) return { quote: null, errors: [...Object.values(error.fieldErrors).flat(), ...error.formErrors].map((e) => e.type) };
            throw error;
          },
        )
      : Promise.resolve(null);
  // A visitor's first look at the listing today counts as a view; the page's own months, days and prices do not.
  const look = await listingLook(context.get(appContext).env, request, unitId, todayUtc());
  const days = { dateFrom: firstDayOf(window.months[0]!), dateTo: lastDayOf(window.months.at(-1)!) };
  const [listing, answer] = await Promise.all([orNotFound(call(stays.listing, { params: { unitId }, query: look.viewed ? { ...days, view: "true" } : days })), quoted]);
  const stay = chosenStay(url.searchParams, listing.maxGuests);
  const today = todayIn(listing.timeZone);
  const t = serverT(context);
  // The unit's words are translated here, so that the page sends the words it shows, not every amenity's.
  const amenities = AMENITY_GROUPS.map((group) => ({
    id: group.id,
    label: t(`amenityGroups.${group.id}`, { ns: "configuration" }),
    items: (group.amenities as readonly string[]).filter((a) => listing.amenities.includes(a)).map((a) => t(`amenities.${a}`, { ns: "configuration" })),
  })).filter((group) => group.items.length);
  const labels = {
    houseRules: listing.houseRules.map((rule) => t(`houseRules.${rule}`, { ns: "configuration" })),
    cancellationPolicy: t(`cancellationPolicies.${listing.cancellationPolicy}`, { ns: "configuration" }),
    services: Object.fromEntries((answer?.quote?.quote?.extraCharges ?? []).map((c) => [c.type, t(`services.${c.type}`, { ns: "configuration" })])),
  };
  const bedrooms = listing.rooms.filter((r) => r.type === "bedroom").length;
  const beds = listing.rooms.reduce((sum, r) => sum + r.beds.reduce((n, b) => n + b.count, 0), 0);
  const page = { listing, days: listing.days, window, today, stay, quote: answer?.quote ?? null, stayErrors: answer?.errors ?? [], amenities, labels, bedrooms, beds };
  return look.setCookie ? data(page, { headers: { "Set-Cookie": look.setCookie } }) : page;
}

const isoDate = z.string({ message: "required" }).refine(isIsoDate, "date_invalid");
const reserveSchema = z.object({
  checkIn: isoDate,
  checkOut: isoDate,
  guests: z.coerce.number().int().min(1, "guests_range").max(99, "guests_range"),
  ...guestDetailsFields,
});
const GUEST_FIELDS = ["firstName", "lastName", "email", "phone", "message", "language"] as const;

/** Refused as the guest asked it (409) the page reloads its days and quote, which say why; with JavaScript too. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

/**
 * The guest's booking, request or inquiry: the public API decides which it becomes (the listing's
 * offer: the unit's booking type and the host's model) and answers the guest's code, which the confirmation shows.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: reserveSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), refused: false }, { status: 400 });
  const { env } = context.get(appContext);
  try {
    const receipt = await publicCaller(context, request)(stays.reserve, { params: { unitId: params.unitId }, body: submission.value });
    const cookie = await receiptCookie(env).serialize({ ...receipt, unitId: params.unitId, email: submission.value.email } satisfies StayReceipt);
    return redirect(href("/stays/:unitId/confirmation", { unitId: params.unitId }), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    // A rule refuses the stay now (a night taken meanwhile): the page says why from its fresh quote; what was typed stays.
    if (error instanceof HostApiError && error.status === 409) return data({ result: submission.reply(), refused: true }, { status: 409 });
    const { result, status } = replyWithApiError(submission, error, { fields: GUEST_FIELDS });
    return data({ result, refused: false }, { status });
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type Day = LoaderData["days"][number];

/** Where following a day's link leads: arrival first, then departure (a later day); a click before the arrival starts again. */
function dayTarget(stay: ChosenStay, date: IsoDate): Partial<ChosenStay> {
  if (stay.checkIn && !stay.checkOut && date > stay.checkIn) return { checkIn: stay.checkIn, checkOut: date, guests: stay.guests };
  return { checkIn: date, guests: stay.guests };
}

function MonthTable({ month, page }: { month: Month; page: LoaderData }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { listing, days, stay, today, window } = page;
  const byDate = new Map<IsoDate, Day>(days.map((d) => [d.date, d]));
  const locale = i18n.language.replace("_", "-");
  const caption = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
  // 2 November 2026 is a Monday: the week's names in the guest's language, Monday first.
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 2 + i)));
  const weekday = (date: Date, style: "long" | "narrow") => new Intl.DateTimeFormat(locale, { weekday: style, timeZone: "UTC" }).format(date);
  // Choosing the departure: any later day up to the first night that is not free, which a stay can end on but not pass.
  const firstTaken = stay.checkIn && !stay.checkOut ? days.find((d) => d.date > stay.checkIn! && !d.available)?.date : undefined;
  return (
    <table className="stay-month">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {weekdays.map((d) => (
            <th key={d.toISOString()} scope="col" abbr={weekday(d, "long")}>
              {weekday(d, "narrow")}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((date, i) => {
              if (!date) return <td key={`empty-${i}`} className="stay-day stay-day--outside" />;
              const info = byDate.get(date);
              const past = date < today;
              const available = !past && !!info?.available;
              const isArrival = date === stay.checkIn;
              const isDeparture = date === stay.checkOut;
              const inStay = !!stay.checkIn && !!stay.checkOut && date > stay.checkIn && date < stay.checkOut;
              const choosingDeparture = !!stay.checkIn && !stay.checkOut && date > stay.checkIn && (!firstTaken || date <= firstTaken);
              const linked = !past && !listing.calendarPaused && (choosingDeparture || (available && !(info?.closedToArrival ?? true)));
              const state = isArrival ? "arrival" : isDeparture ? "departure" : inStay ? "inStay" : available ? "available" : "unavailable";
              const classes = ["stay-day", `stay-day--${state}`, past && "stay-day--past", !available && !past && "stay-day--taken", date === today && "stay-day--today"].filter(Boolean).join(" ");
              const content = (
                <>
                  <span className="stay-day__date">{Number(date.slice(8))}</span>
                  {info?.price != null && available ? <span className="stay-day__price">{format.money(info.price, listing.currency)}</span> : null}
                  <span className="visually-hidden">
                    {format.date(date, "long")}, {t(`stays:calendar.${state}`)}
                    {date === today ? `, ${t("stays:calendar.today")}` : ""}
                  </span>
                </>
              );
              return (
                <td key={date} className={classes}>
                  {linked ? (
                    <Link className="stay-day__inner" to={stayHref(listing.unitId, window.months[0]!, dayTarget(stay, date))} preventScrollReset rel="nofollow">
                      {content}
                    </Link>
                  ) : (
                    <span className="stay-day__inner">{content}</span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Refusal = NonNullable<LoaderData["quote"]>["refusals"][number];

/** Why the chosen stay cannot be booked, in the guest's language: the quote's rules, taken nights, a paused calendar. */
function refusalTexts(t: TFunction, formatDate: (date: string) => string, quote: NonNullable<LoaderData["quote"]>, calendarPaused: boolean): string[] {
  const texts = quote.refusals.map((refusal: Refusal) => stayRefusalText(t, formatDate, refusal as StayRefusal));
  if (quote.takenNights.length) texts.push(t("quote:unavailable.nightsTaken"));
  if (calendarPaused) texts.push(t("quote:unavailable.calendarPaused"));
  return texts;
}

function QuoteLines({ page }: { page: LoaderData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const quote = page.quote?.quote;
  if (!quote) return null;
  const money = (amount: number) => format.money(amount, quote.currency);
  const nightly = quote.nights.reduce((sum, n) => sum + n.price, 0);
  const extraGuests = quote.nights.reduce((sum, n) => sum + n.extraGuests, 0);
  return (
    <dl className="stay-quote">
      <div>
        <dt>{t("stays:quote.nightly", { count: quote.nights.length })}</dt>
        <dd>{money(nightly)}</dd>
      </div>
      {extraGuests ? (
        <div>
          <dt>{t("stays:quote.extraGuests")}</dt>
          <dd>{money(extraGuests)}</dd>
        </div>
      ) : null}
      {quote.discount ? (
        <div>
          <dt>{t(`stays:quote.discount.${quote.discount.lengthType}`, { percent: format.percent(quote.discount.percent), nights: quote.discount.minNights })}</dt>
          <dd>{format.deduction(quote.discount.amount, quote.currency)}</dd>
        </div>
      ) : null}
      {quote.extraCharges.map((charge) => (
        <div key={charge.type}>
          <dt>{t(charge.pricingKind === "recurring" ? "stays:quote.perNight" : "stays:quote.oneTime", { service: page.labels.services[charge.type] ?? charge.type })}</dt>
          <dd>{money(charge.amount)}</dd>
        </div>
      ))}
      {quote.taxes.map((tax, i) => (
        <div key={`${tax.category}-${tax.feeType}-${i}`}>
          <dt>{t("stays:quote.tax")}</dt>
          <dd>{money(tax.amount)}</dd>
        </div>
      ))}
      <div className="stay-quote__total">
        <dt>{t("stays:quote.total")}</dt>
        <dd>{money(quote.total)}</dd>
      </div>
    </dl>
  );
}

export default function Stay({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { listing, window, stay, quote, stayErrors, amenities, labels, bedrooms, beds } = loaderData;
  const firstMonth = window.months[0]!;
  const nights = stay.checkIn && stay.checkOut ? daysBetween(stay.checkIn, stay.checkOut) : 0;
  const refusals = quote ? refusalTexts(t, (d) => format.date(d, "long"), quote, listing.calendarPaused) : [];
  const bookable = !!quote?.bookable && listing.offer !== null;
  const country = listing.countryCode ? format.country(listing.countryCode) : null;
  return (
    <PublicFrame>
      <article className="stay stack" aria-labelledby="stay-title">
        <header className="stack stack--tight">
          <h1 id="stay-title">{listing.title}</h1>
          {listing.city ? <p className="muted">{country ? t("stays:location", { city: listing.city, country }) : listing.city}</p> : null}
        </header>
        {listing.photos.length ? (
          <ul className="stay-photos" aria-label={t("stays:photos.label")}>
            {listing.photos.map((photo, i) => (
              <li key={photo.id}>
                <img
                  src={href("/stays/:unitId/photos/:photoId", { unitId: listing.unitId, photoId: photo.id })}
                  width={photo.width}
                  height={photo.height}
                  alt={t("stays:photos.alt", { number: i + 1, count: listing.photos.length, title: listing.title })}
                  loading={i === 0 ? "eager" : "lazy"}
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        ) : null}
        <div className="stay-layout">
          <div className="stack">
            <ul className="facts-line" aria-label={t("stays:facts.label")}>
              <li>{t("stays:facts.guests", { count: listing.maxGuests })}</li>
              {bedrooms ? <li>{t("stays:facts.bedrooms", { count: bedrooms })}</li> : null}
              {beds ? <li>{t("stays:facts.beds", { count: beds })}</li> : null}
            </ul>
            {listing.description ? (
              <section aria-labelledby="stay-about" className="stack stack--tight">
                <h2 id="stay-about">{t("stays:about")}</h2>
                <p className="stay-description">{listing.description}</p>
              </section>
            ) : null}
            {amenities.length ? (
              <section aria-labelledby="stay-amenities" className="stack stack--tight">
                <h2 id="stay-amenities">{t("stays:amenities")}</h2>
                <div className="stay-amenities">
                  {amenities.map((group) => (
                    <div key={group.id}>
                      <h3>{group.label}</h3>
                      <ul>
                        {group.items.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
              </section>
            ) : null}
            <section aria-labelledby="stay-rules" className="stack stack--tight">
              <h2 id="stay-rules">{t("stays:houseRules.title")}</h2>
              {labels.houseRules.length ? (
                <ul>
                  {labels.houseRules.map((rule) => (
                    <li key={rule}>{rule}</li>
                  ))}
                </ul>
              ) : (
                <p>{t("stays:houseRules.none")}</p>
              )}
              <h3>{t("stays:times.title")}</h3>
              <ul>
                <li>{t("stays:times.checkIn", { from: listing.checkInFrom, to: listing.checkInTo })}</li>
                <li>{t("stays:times.checkOut", { time: listing.checkOutTo })}</li>
                <li>{t("stays:cancellation", { policy: labels.cancellationPolicy })}</li>
              </ul>
            </section>
            <section aria-labelledby="stay-calendar" className="stack">
              <h2 id="stay-calendar">{t("stays:calendar.title")}</h2>
              <p className="muted">{stay.checkIn && !stay.checkOut ? t("stays:calendar.howToDeparture") : t("stays:calendar.howTo")}</p>
              <nav className="stay-paging" aria-label={t("stays:calendar.paging")}>
                {window.previous ? (
                  <Link to={stayHref(listing.unitId, window.previous, stay)} preventScrollReset rel="nofollow">
                    {t("stays:calendar.previous")}
                  </Link>
                ) : (
                  <span />
                )}
                {window.next ? (
                  <Link to={stayHref(listing.unitId, window.next, stay)} preventScrollReset rel="nofollow">
                    {t("stays:calendar.next")}
                  </Link>
                ) : null}
              </nav>
              <div className="stay-months">
                {window.months.map((month) => (
                  <MonthTable key={month} month={month} page={loaderData} />
                ))}
              </div>
            </section>
          </div>
          <aside className="stay-aside stack" aria-labelledby="stay-booking">
            <section className="card stack" aria-labelledby="stay-booking">
              <h2 id="stay-booking">{t("stays:stay.title")}</h2>
              <Form method="get" className="stack" preventScrollReset>
                <input type="hidden" name="month" value={firstMonth} />
                <div className="form-columns">
                  <TextInput name="checkIn" type="date" label={t("stays:stay.checkIn")} defaultValue={stay.checkIn ?? ""} key={`in-${stay.checkIn ?? ""}`} min={loaderData.today} />
                  <TextInput name="checkOut" type="date" label={t("stays:stay.checkOut")} defaultValue={stay.checkOut ?? ""} key={`out-${stay.checkOut ?? ""}`} min={stay.checkIn ? addDays(stay.checkIn, 1) : loaderData.today} />
                </div>
                <SelectField
                  id="stay-guests"
                  name="guests"
                  label={t("stays:stay.guests")}
                  value={String(stay.guests)}
                  options={Array.from({ length: listing.maxGuests }, (_, i) => ({ value: String(i + 1), label: format.number(i + 1) }))}
                />
                <FormErrors id="stay-errors" errors={stayErrors} />
                <div className="button-row">
                  <Button>{t("stays:stay.show")}</Button>
                  {stay.checkIn ? <Link to={stayHref(listing.unitId, firstMonth, { guests: stay.guests })}>{t("stays:stay.clear")}</Link> : null}
                </div>
              </Form>
              {stay.checkIn && stay.checkOut && nights > 0 ? (
                <p>
                  <strong>{t("stays:stay.dates", { from: format.date(stay.checkIn, "long"), to: format.date(stay.checkOut, "long") })}</strong> · {t("stays:stay.nights", { count: nights })}
                </p>
              ) : !stayErrors.length ? (
                <p className="muted">{t("stays:stay.chooseDates")}</p>
              ) : null}
              {refusals.length ? (
                <div className="banner banner--warning" role="status">
                  <p>{t("stays:quote.refused")}</p>
                  <ul>
                    {refusals.map((text) => (
                      <li key={text}>{text}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <QuoteLines page={loaderData} />
              {quote?.quote?.securityDeposit ? <p className="muted">{t("stays:quote.deposit", { amount: format.money(quote.quote.securityDeposit, quote.quote.currency) })}</p> : null}
            </section>
            {listing.offer === null ? <p className="banner">{t("stays:offer.none")}</p> : null}
            {bookable ? <GuestForm page={loaderData} actionData={actionData} /> : null}
          </aside>
        </div>
      </article>
    </PublicFrame>
  );
}

function GuestForm({ page, actionData }: { page: LoaderData; actionData: Route.ComponentProps["actionData"] }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { listing, stay } = page;
  const answer = actionData?.result;
  const pending = usePending();
  const sent = (answer?.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: string) => (typeof sent[name] === "string" ? (sent[name] as string) : "");
  const errors = (name: string) => answer?.error?.[name] ?? undefined;
  const offer = listing.offer ?? "inquiry";
  return (
    <Form method="post" className="card stack" aria-labelledby="stay-guest" preventScrollReset>
      <h2 id="stay-guest">{t(`stays:offer.${offer}.title`)}</h2>
      <p className="muted">{t(`stays:offer.${offer}.intro`)}</p>
      {actionData?.refused ? (
        <p className="banner banner--error" role="alert">
          {t("stays:refusedNow")}
        </p>
      ) : null}
      <FormErrors id="stay-guest-errors" errors={answer?.error?.[""] ?? undefined} />
      <input type="hidden" name="checkIn" value={stay.checkIn ?? ""} />
      <input type="hidden" name="checkOut" value={stay.checkOut ?? ""} />
      <input type="hidden" name="guests" value={stay.guests} />
      <div className="form-columns">
        <TextInput name="firstName" label={t("stays:guest.firstName")} defaultValue={value("firstName")} errors={errors("firstName")} autoComplete="given-name" />
        <TextInput name="lastName" label={t("stays:guest.lastName")} defaultValue={value("lastName")} errors={errors("lastName")} autoComplete="family-name" />
      </div>
      <TextInput name="email" type="email" label={t("stays:guest.email")} defaultValue={value("email")} errors={errors("email")} autoComplete="email" />
      <TextInput name="phone" type="tel" label={t("stays:guest.phone")} defaultValue={value("phone")} errors={errors("phone")} autoComplete="tel" />
      <div className="field">
        <label htmlFor="stay-message">{offer === "inquiry" ? t("stays:guest.inquiryMessage") : t("stays:guest.message")}</label>
        <TextArea id="stay-message" name="message" rows={4} defaultValue={value("message")} aria-invalid={errors("message") ? true : undefined} aria-describedby={errors("message") ? "stay-message-errors" : undefined} />
        <FieldErrors id="stay-message-errors" errors={errors("message")} />
      </div>
      <LanguageField value={value("language") || i18n.language} errors={errors("language")} label={format.language} />
      <div className="button-row">
        <Button variant="primary" pending={pending}>
          {t(`stays:offer.${offer}.submit`)}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The language the guest speaks, which the host's ideal guest counts (§2 Guest): one of the
 * product's locales, the page's own language first chosen.
 */
function LanguageField({ value, errors, label }: { value: string; errors: string[] | undefined; label: (locale: string) => string }) {
  const { t, i18n } = useTranslation();
  const options = LOCALES.map((locale) => ({ value: locale, label: label(locale) })).sort((a, b) => a.label.localeCompare(b.label, i18n.language.replace("_", "-")));
  const described = ["stay-language-hint", ...(errors ? ["stay-language-errors"] : [])].join(" ");
  return (
    <div className="field">
      <label htmlFor="stay-language">{t("stays:guest.language")}</label>
      <select id="stay-language" name="language" defaultValue={value} aria-invalid={errors ? true : undefined} aria-describedby={described}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p id="stay-language-hint" className="field__hint">
        {t("stays:guest.languageHint")}
      </p>
      <FieldErrors id="stay-language-errors" errors={errors} />
    </div>
  );
}
