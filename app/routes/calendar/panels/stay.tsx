import type { Route } from "./+types/stay";
import { hostApi } from "@contract/index";
import { addDays, type IsoDate } from "@domain/days";
import type { StayRefusal } from "@domain/quote";
import { calendarFormat } from "~/components/calendar/calendar-format";
import { NothingMarked } from "~/components/calendar/nothing-marked";
import { Panel, useCalendar, useRangeText } from "~/components/calendar/panel";
import { authContext } from "~/lib/auth.server";
import { HostApiError } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { stayRefusalText } from "~/lib/stay-refusals";
import { calendarPage, type CalendarPage } from "~/routes/calendar/calendar-data.server";

export const handle: TranslationsHandle = { i18n: ["calendarPanels", "quote"] };

/**
 * A guest's stay on the marked nights (the last day's night included), as the quote of
 * domain/quote.ts answers it for one guest: bookable with its total, or the rules that refuse it
 * (minimum and maximum stay, arrival and departure days, notice, preparation time, a night without a
 * price) in the host's language, and the nights already taken. What the host sees is what a guest
 * would be told.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = await calendarPage(context, request, params.unitId);
  if (!page.marked) return { quote: null };
  // A range longer than a stay can be (two years) has no quote: the panel says to mark fewer days.
  const quote = await context
    .get(authContext)
    .call(hostApi.pricing.quote, { params: { id: params.unitId }, query: { checkIn: page.marked.from, checkOut: addDays(page.marked.to, 1), guests: 1 } })
    .catch((error: unknown) => {
      if (error instanceof HostApiError && error.status === 400) return null;
      throw error;
    });
  if (!quote) return { quote: null };
  return { quote: { bookable: quote.bookable, refusals: quote.refusals, takenNights: takenNightsByWhat(page, quote.takenNights), total: quote.quote?.total ?? null, currency: quote.currency } };
}

/**
 * The taken nights by what takes them, each said in its own words: a guest's stay (booked or
 * imported), the host's block, a pause; `taken` for a night beyond the months the page read.
 */
function takenNightsByWhat(page: CalendarPage, nights: readonly IsoDate[]) {
  const states = new Map(page.days.map((d) => [d.date, d.state]));
  const guests = page.events.filter((e) => [e.kind, ...e.children.map((c) => c.kind)].some((kind) => kind === "booking" || kind === "external"));
  const byWhat: Record<"booked" | "blocked" | "paused" | "taken", IsoDate[]> = { booked: [], blocked: [], paused: [], taken: [] };
  for (const night of nights) {
    const state = states.get(night);
    if (state === "paused") byWhat.paused.push(night);
    else if (state === "booked" || guests.some((e) => e.dateFrom <= night && night < e.dateTo)) byWhat.booked.push(night);
    else if (state === "blocked") byWhat.blocked.push(night);
    else byWhat.taken.push(night);
  }
  return byWhat;
}

const TAKEN_TEXTS = [
  ["booked", "calendarPanels:stay.bookedNights"],
  ["blocked", "calendarPanels:stay.blockedNights"],
  ["paused", "calendarPanels:stay.pausedNights"],
  ["taken", "calendarPanels:stay.taken"],
] as const;

export default function StayPanel({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  const rangeText = useRangeText();
  const { marked, calendarPaused } = useCalendar();
  const { quote } = loaderData;
  if (!marked || !quote) {
    return (
      <Panel id="calendar-stay" title={t("calendar:panel.stay")}>
        <NothingMarked />
      </Panel>
    );
  }
  const reasons = [
    // The contract's refusal is the domain's StayRefusal (a union by rule) in a flatter shape.
    ...quote.refusals.map((refusal) => stayRefusalText(t, (date) => format.date(date), refusal as StayRefusal)),
    ...TAKEN_TEXTS.filter(([what]) => quote.takenNights[what].length).map(([what, key]) => t(key, { dates: quote.takenNights[what].map((date) => format.date(date)).join(", ") })),
    ...(calendarPaused ? [t("calendarPanels:stay.paused")] : []),
  ];
  return (
    <Panel id="calendar-stay" title={t("calendar:panel.stay")}>
      <p>
        <strong>{rangeText(marked)}</strong>
      </p>
      {quote.bookable ? (
        <p>{quote.total === null ? t("calendarPanels:stay.bookable") : t("calendarPanels:stay.bookableFor", { total: format.money(quote.total, quote.currency) })}</p>
      ) : (
        <>
          <p>{t("calendarPanels:stay.refused")}</p>
          <ul className="cal-list">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
