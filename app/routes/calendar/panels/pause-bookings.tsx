import { Form } from "react-router";
import type { Route } from "./+types/pause-bookings";
import { addDays } from "@domain/days";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { calendarFormat } from "~/components/calendar/calendar-format";
import { NothingMarked } from "~/components/calendar/nothing-marked";
import { IntentButton, MarkedFields, Panel, useCalendar, useRangeText } from "~/components/calendar/panel";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { rangeAction } from "~/routes/calendar/panel-actions.server";

export const handle: TranslationsHandle = { i18n: ["calendarPanels"] };

/** The pause-bookings panel (§2): no new bookings of the marked days' nights until resumed (refused whole when a night is taken). */
export function action(args: Route.ActionArgs) {
  return rangeAction(args, "pause-bookings");
}

export default function PauseBookingsPanel({ actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  const rangeText = useRangeText();
  const { marked } = useCalendar();
  const { errors, onInput } = useFormAnswerErrors(actionData?.result);
  return (
    <Panel id="calendar-pause" title={t("calendar:panel.pauseBookings")}>
      {marked ? (
        <Form method="post" className="stack" onInput={onInput}>
          <MarkedFields from={marked.from} to={marked.to} />
          <p>
            <strong>{rangeText(marked)}</strong>
          </p>
          <FormErrors id="calendar-pause-errors" errors={errors} />
          <p className="muted">{t("calendarPanels:availability.pauseHint")}</p>
          <p className="muted">{t("calendarPanels:availability.nights", { from: format.date(marked.from), to: format.date(addDays(marked.to, 1)) })}</p>
          <div className="button-row">
            <IntentButton intent="pause">{t("calendarPanels:availability.pause")}</IntentButton>
            <IntentButton intent="resume">{t("calendarPanels:availability.resume")}</IntentButton>
          </div>
        </Form>
      ) : (
        <NothingMarked />
      )}
    </Panel>
  );
}
