import { Form } from "react-router";
import type { Route } from "./+types/block-dates";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { TextInput } from "~/components/ui/text-input";
import { IntentButton, Panel, useCalendar } from "~/components/calendar/panel";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { rangeAction } from "~/routes/calendar/panel-actions.server";

export const handle: TranslationsHandle = { i18n: ["calendarPanels"] };

/**
 * The block-dates panel (§2): block a range of days typed as dates (the marked ones to start with),
 * for days far from the months shown. All or none: a night already taken refuses the whole range.
 * After the block, the calendar shows the blocked days marked.
 */
export function action(args: Route.ActionArgs) {
  return rangeAction(args, null);
}

export default function BlockDatesPanel({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { marked } = useCalendar();
  const { errors, onInput } = useFormAnswerErrors(actionData?.result);
  const typed = (actionData?.result.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: "from" | "to") => (typeof typed[name] === "string" ? (typed[name] as string) : (marked?.[name] ?? ""));
  return (
    <Panel id="calendar-block-dates" title={t("calendar:panel.blockDates")}>
      <Form method="post" className="stack" onInput={onInput}>
        <FormErrors id="calendar-block-errors" errors={errors} />
        <div className="form-columns">
          <TextInput id="block-from" name="from" type="date" label={t("calendar:range.from")} defaultValue={value("from")} key={`from-${value("from")}`} />
          <TextInput id="block-to" name="to" type="date" label={t("calendar:range.to")} defaultValue={value("to")} key={`to-${value("to")}`} />
        </div>
        <p className="muted">{t("calendarPanels:blockDates.hint")}</p>
        <IntentButton intent="block" variant="primary">
          {t("calendarPanels:blockDates.submit")}
        </IntentButton>
      </Form>
    </Panel>
  );
}
