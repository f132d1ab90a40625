import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sync";
import { hostApi } from "@contract/index";
import type { IcalFeed } from "@contract/ical";
// The calendar's own day arithmetic: @domain/dates brings dayjs (4.7 KB gzip) into the page.
import { addDays } from "@domain/days";
import { Banner } from "~/components/ui/banner";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { calendarFormat } from "~/components/calendar/calendar-format";
import { calendarHref, panelHref } from "~/components/calendar/calendar-links";
import { FeedStatus } from "~/components/calendar/feed-status";
import { IntentButton, Panel, useCalendar } from "~/components/calendar/panel";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useFormat } from "~/lib/format";
import { replyWithApiError } from "~/lib/forms.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { viewOf } from "~/routes/calendar/panel-actions.server";

// The panels' texts come with the panels, not with every calendar page (they are a namespace of their own).
export const handle: TranslationsHandle = { i18n: ["calendarPanels"] };

const schema = z.object({ intent: z.enum(["sync", "acceptEmpty"]), feedId: z.string().min(1) });

/** The unit's imported calendars with the state of their last sync (iCal, decision 028). */
export async function loader({ params, context }: Route.LoaderArgs) {
  // With the shell's call (one D1 batch with the calendar's days), as GET …/ical-feeds lists them.
  return { feeds: await context.get(authContext).icalFeeds(params.unitId) };
}

/** "Sync now" (and, for a feed that came back empty, reading it as empty on purpose). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { intent, feedId } = submission.value;
  let feed: IcalFeed;
  try {
    feed = await context.get(authContext).call(hostApi.ical.syncFeed, { params: { id: params.unitId, feedId }, body: { acceptEmpty: intent === "acceptEmpty" } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { fields: [] });
    return data({ result }, { status });
  }
  const ok = feed.status === "ok";
  return redirectWithFlash(context, panelHref(params.unitId, "sync", viewOf(request)), { kind: ok ? "success" : "error", key: ok ? "calendarPanels:ical.toast.synced" : "calendarPanels:ical.toast.syncFailed" });
}

export default function SyncPanel({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { unitId, view } = useCalendar();
  const { errors, onInput } = useFormAnswerErrors(actionData?.result);
  const format = calendarFormat(i18n.language);
  const moments = useFormat();
  const { feeds } = loaderData;
  return (
    <Panel id="calendar-sync" title={t("calendar:panel.sync")}>
      <p className="muted">{t("calendarPanels:ical.sync.intro")}</p>
      <FormErrors id="calendar-sync-errors" errors={errors} />
      {feeds.length === 0 ? (
        <EmptyState icon={icons.calendar} action={<Link to={panelHref(unitId, "import", view)}>{t("calendarPanels:ical.sync.addOne")}</Link>}>
          {t("calendarPanels:ical.sync.empty")}
        </EmptyState>
      ) : (
        <ul className="cal-list">
          {feeds.map((feed) => (
            <li key={feed.id} className="stack stack--tight">
              <h4 id={`feed-${feed.id}`}>{feed.name}</h4>
              <p>
                <FeedStatus feed={feed} />
              </p>
              <p>{t("calendarPanels:ical.eventCount", { count: feed.eventCount })}</p>
              {feed.failure ? (
                <Banner tone="error">
                  <p>{t(`calendarPanels:ical.failure.${feed.failure.reason}`, { detail: feed.failure.detail })}</p>
                  <p>{feed.lastSuccessAt ? t("calendarPanels:ical.keptSince", { time: moments.dateTime(feed.lastSuccessAt) }) : t("calendarPanels:ical.keptNothing")}</p>
                </Banner>
              ) : null}
              {feed.conflicts.length ? (
                <section className="stack" aria-labelledby={`feed-${feed.id}-conflicts`}>
                  <h5 id={`feed-${feed.id}-conflicts`}>{t("calendarPanels:ical.conflicts.title", { count: feed.conflicts.length })}</h5>
                  <p className="muted">{t("calendarPanels:ical.conflicts.intro")}</p>
                  <ul className="cal-list">
                    {feed.conflicts.map((conflict) => (
                      <li key={conflict.id}>
                        {/* One line of text (the list's items are columns): the days, as the link marks them (the first night to the last), and what they overlap. */}
                        <span>
                          <Link to={calendarHref(unitId, { ...view, selection: { from: conflict.dateFrom, to: addDays(conflict.dateTo, -1) } })}>
                            {t("calendar:range.days", { from: format.date(conflict.dateFrom), to: format.date(addDays(conflict.dateTo, -1)) })}
                          </Link>
                          {": "}
                          {t("calendarPanels:ical.conflicts.overlaps", {
                            summary: conflict.summary || t("calendarPanels:ical.conflicts.noSummary"),
                            what: conflict.overlaps.map((kind) => t(`calendarPanels:ical.conflicts.kind.${kind}`)).join(", "),
                          })}
                        </span>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              <Form method="post" className="button-row" onInput={onInput} aria-labelledby={`feed-${feed.id}`}>
                <input type="hidden" name="feedId" value={feed.id} />
                <IntentButton intent="sync">{t("calendarPanels:ical.syncNow")}</IntentButton>
                {feed.failure?.reason === "empty_after_full" ? <IntentButton intent="acceptEmpty" variant="danger">{t("calendarPanels:ical.acceptEmpty")}</IntentButton> : null}
              </Form>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
