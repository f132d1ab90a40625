import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings";
import { hostApi } from "@contract/index";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { IntentButton, Panel, useCalendar } from "~/components/calendar/panel";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { unitHref } from "~/lib/pages";
import { panelHref } from "~/components/calendar/calendar-links";
import { calendarPage } from "~/routes/calendar/calendar-data.server";
import { viewOf } from "~/routes/calendar/panel-actions.server";

export const handle: TranslationsHandle = { i18n: ["calendarPanels"] };

const schema = z.object({ intent: z.enum(["pauseAll", "resumeAll"]) });

/** Where the unit's defaults are set: its price section (prices, stays, seasons) and booking policies (notice, preparation time). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = await calendarPage(context, request, params.unitId);
  return { propertyId: page.propertyId };
}

/** The settings panel (§2): pause or resume bookings of the whole calendar, and the way to the unit's defaults. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await context.get(authContext).call(hostApi.units.calendarAction, { params: { id: params.unitId }, body: { status: submission.value.intent === "pauseAll" ? "PAUSED" : "AVAILABLE" } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { fields: [] });
    return data({ result }, { status });
  }
  const url = new URL(request.url);
  const view = { ...viewOf(request), selection: url.searchParams.get("from") ? { from: url.searchParams.get("from")!, to: url.searchParams.get("to") } : null };
  return redirectWithFlash(context, panelHref(params.unitId, "settings", view), { kind: "success", key: "commons.saved" });
}

export default function SettingsPanel({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { calendarPaused } = useCalendar();
  const { errors, onInput } = useFormAnswerErrors(actionData?.result);
  const unit = { propertyId: loaderData.propertyId, unitId: params.unitId };
  return (
    <Panel id="calendar-settings" title={t("calendar:panel.settings")}>
      <Form method="post" className="stack" onInput={onInput}>
        <FormErrors id="calendar-settings-errors" errors={errors} />
        <p>{calendarPaused ? t("calendarPanels:settings.paused") : t("calendarPanels:settings.open")}</p>
        {calendarPaused ? <IntentButton intent="resumeAll">{t("calendarPanels:settings.resumeAll")}</IntentButton> : <IntentButton intent="pauseAll">{t("calendarPanels:settings.pauseAll")}</IntentButton>}
      </Form>
      <ul className="cal-actions">
        <li>
          <Link to={unitHref(unit, "price-and-availability")}>{t("calendarPanels:settings.prices")}</Link>
        </li>
        <li>
          <Link to={unitHref(unit, "booking-policies")}>{t("calendarPanels:settings.policies")}</Link>
        </li>
      </ul>
    </Panel>
  );
}
