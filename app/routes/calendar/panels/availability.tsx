import { Form } from "react-router";
import type { Route } from "./+types/availability";
import { addDays } from "@domain/days";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { calendarFormat } from "~/components/calendar/calendar-format";
import { NothingMarked } from "~/components/calendar/nothing-marked";
import { IntentButton, MarkedFields, Panel, useCalendar, useRangeText } from "~/components/calendar/panel";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { rangeAction } from "~/routes/calendar/panel-actions.server";

export const handle: TranslationsHandle = { i18n: ["calendarPanels"] };

/** The availability panel (§2): open the marked days' nights (free the host's blocks) or block them, all or none. */
export function action(args: Route.ActionArgs) {
  return rangeAction(args, "availability");
}

export default function AvailabilityPanel({ actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  const rangeText = useRangeText();
  const { marked } = useCalendar();
  const { errors, onInput } = useFormAnswerErrors(actionData?.result);
  return (
    <Panel id="calendar-availability" title={t("calendar:panel.availability")}>
      {marked ? (
        <Form method="post" className="stack" onInput={onInput}>
          <MarkedFields from={marked.from} to={marked.to} />
          <p>
            <strong>{rangeText(marked)}</strong>
          </p>
          <p>{marked.state ? t(`calendar:range.state.${marked.state}`) : t("calendar:range.state.unknown")}</p>
          <FormErrors id="calendar-availability-errors" errors={errors} />
          <p className="muted">{t("calendarPanels:availability.nights", { from: format.date(marked.from), to: format.date(addDays(marked.to, 1)) })}</p>
          <div className="button-row">
            <IntentButton intent="unblock">{t("calendarPanels:availability.unblock")}</IntentButton>
            <IntentButton intent="block">{t("calendarPanels:availability.block")}</IntentButton>
          </div>
        </Form>
      ) : (
        <NothingMarked />
      )}
    </Panel>
  );
}
