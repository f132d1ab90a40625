import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { hostApi } from "@contract/index";
import { isIsoDate, type IsoDate } from "@domain/dates";
import { parseMajorAmount } from "@domain/money";
import { nightsOfDays } from "@domain/calendar-month";
import { calendarHref, panelHref, type CalendarView } from "~/components/calendar/calendar-links";
import type { CalendarPanelPath } from "./panel-files";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError } from "~/lib/host-api.server";

/**
 * What the calendars' forms share on the server (the unit calendar's panels and the multi-unit
 * calendar's range): the marked days a form sends (`from`, `to`, both included, as the price list's
 * days), the price and stay fields, the months the page showed (from the address the form was sent
 * to), the writes on a range of nights, and the way back after a save.
 */

export const dayField = z.string({ message: "required" }).refine(isIsoDate, "date_invalid");
export const rangeFields = { from: dayField, to: dayField };

/** A nightly price as typed (major units), or nothing (the days keep their season's or default's). */
export const optionalAmount = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined) return undefined;
    const amount = parseMajorAmount(text);
    if (amount === null) {
      ctx.addIssue({ code: "custom", message: "amount_invalid" });
      return z.NEVER;
    }
    return amount;
  });

/** A whole number of nights, or nothing (the days keep their season's or default's). */
export const optionalNights = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined) return undefined;
    if (!/^\d{1,4}$/.test(text.trim())) {
      ctx.addIssue({ code: "custom", message: "stay_range" });
      return z.NEVER;
    }
    return Number(text.trim());
  });

/**
 * A price edit refused because the days changed meanwhile (409): the values that hold now on the
 * first marked day, shown beside what the host typed. Null for any other refusal.
 */
export function staleEdit(error: unknown): { current: { price: number | null; minStay: number; maxStay: number } | null } | null {
  if (!(error instanceof HostApiError) || error.status !== 409) return null;
  const first = (error.body as { current?: { days?: { price: number | null; minimalLengthOfStay: number; maximalLengthOfStay: number }[] } } | null)?.current?.days?.[0];
  return { current: first ? { price: first.price, minStay: first.minimalLengthOfStay, maxStay: first.maximalLengthOfStay } : null };
}

/** The months the page showed when the form was sent: a form posts to the page's own address. */
export function viewOf(request: Request): CalendarView {
  const url = new URL(request.url);
  return url.searchParams.get("view") === "year" ? { year: true } : { month: url.searchParams.get("month") };
}

/** After a save: a toast, and the same panel (or the default one) with the same days marked. */
export function savedTo(context: Readonly<RouterContextProvider>, request: Request, unitId: string, panel: CalendarPanelPath | null, days: { from: IsoDate; to: IsoDate }) {
  const view = { ...viewOf(request), selection: days };
  return redirectWithFlash(context, panel ? panelHref(unitId, panel, view) : calendarHref(unitId, view), { kind: "success", key: "commons.saved" });
}

const rangeActionSchema = z.object({ ...rangeFields, intent: z.enum(["block", "unblock", "pause", "resume"]) });
export type RangeIntent = z.infer<typeof rangeActionSchema>["intent"];

/** Why an unblock changed nothing, as the code the form says: the nights are a guest's stay, paused, or open already. */
export type NothingToUnblock = "nothing_to_unblock_stay" | "nothing_to_unblock_paused" | "nothing_to_unblock_open";

/**
 * Blocks, unblocks, pauses or resumes a unit's nights (an API refusal is thrown). An unblock that
 * opened no night (the endpoint counts them) answers why, from what it says still takes the nights;
 * null otherwise. Unblocking opens the host's own blocks only: where there is none, saying "Saved."
 * would tell of a change that was not made.
 */
export async function writeNights(context: Readonly<RouterContextProvider>, unitId: string, intent: RangeIntent, nights: { dateFrom: IsoDate; dateTo: IsoDate }): Promise<NothingToUnblock | null> {
  const { call } = context.get(authContext);
  if (intent === "block") await call(hostApi.calendar.block, { params: { unitId }, body: nights });
  else if (intent === "unblock") {
    const { opened, items } = await call(hostApi.calendar.unblock, { params: { unitId }, body: nights });
    if (opened > 0) return null;
    // An event's nights may begin before the range or end after it: only those within it count.
    const within = (e: { dateFrom: string; dateTo: string }) => e.dateFrom < nights.dateTo && nights.dateFrom < e.dateTo;
    const kinds = items.filter(within).flatMap((e) => [e.kind, ...e.children.filter(within).map((c) => c.kind)]);
    if (kinds.some((kind) => kind === "booking" || kind === "external")) return "nothing_to_unblock_stay";
    return kinds.includes("pause") ? "nothing_to_unblock_paused" : "nothing_to_unblock_open";
  } else await call(hostApi.units.calendarAction, { params: { id: unitId }, body: { status: intent === "pause" ? "PAUSED" : "AVAILABLE", ...nights } });
  return null;
}

/**
 * Blocks, unblocks, pauses or resumes the nights of the marked days (the last day's night
 * included): the form's `intent` says which. A refusal (a night already taken, a bad range) is the
 * form's answer, with the days as sent.
 */
export async function rangeAction({ params, request, context }: { params: { unitId: string }; request: Request; context: Readonly<RouterContextProvider> }, back: CalendarPanelPath | null) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: rangeActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { from, to, intent } = submission.value;
  try {
    const nothing = await writeNights(context, params.unitId, intent, nightsOfDays({ from, to }));
    if (nothing) return data({ result: submission.reply({ formErrors: [nothing] }) }, { status: 400 });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { fields: [] });
    return data({ result }, { status });
  }
  return savedTo(context, request, params.unitId, back, { from, to });
}
