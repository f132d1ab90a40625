import { useState } from "react";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/export";
import { hostApi } from "@contract/index";
import { Button } from "~/components/ui/button";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { panelHref } from "~/components/calendar/calendar-links";
import { IntentButton, Panel } from "~/components/calendar/panel";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { viewOf } from "~/routes/calendar/panel-actions.server";

// The panels' texts come with the panels, not with every calendar page (they are a namespace of their own).
export const handle: TranslationsHandle = { i18n: ["calendarPanels"] };

const schema = z.object({ intent: z.literal("regenerate") });

/** The secret address of the unit's calendar for other platforms (made on first use). */
export async function loader({ params, context }: Route.LoaderArgs) {
  // With the shell's call once the address is made (the first visit makes it through GET …/ical-export).
  return context.get(authContext).icalExport(params.unitId);
}

/** A new address: the old one stops working. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await context.get(authContext).call(hostApi.ical.regenerateExport, { params: { id: params.unitId } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { fields: [] });
    return data({ result }, { status });
  }
  return redirectWithFlash(context, panelHref(params.unitId, "export", viewOf(request)), { kind: "success", key: "calendarPanels:ical.toast.regenerated" });
}

/** Copies the address, where the browser lets a page write to the clipboard (with JavaScript only; without, the field is selected by hand). */
function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated || !navigator.clipboard) return null;
  return (
    <>
      <Button
        type="button"
        onClick={() => {
          void navigator.clipboard.writeText(text).then(() => setCopied(true));
        }}
      >
        {t("calendarPanels:ical.export.copy")}
      </Button>
      <span role="status" className="muted">
        {copied ? t("calendarPanels:ical.export.copied") : ""}
      </span>
    </>
  );
}

export default function ExportPanel({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { errors, onInput } = useFormAnswerErrors(actionData?.result);
  return (
    <Panel id="calendar-export" title={t("calendar:panel.export")}>
      <p className="muted">{t("calendarPanels:ical.export.intro")}</p>
      <div className="field">
        <label htmlFor="ical-export-url">{t("calendarPanels:ical.export.address")}</label>
        <input id="ical-export-url" type="text" readOnly value={loaderData.url} onFocus={(event) => event.currentTarget.select()} />
      </div>
      <div className="button-row">
        <CopyButton text={loaderData.url} />
      </div>
      <Form method="post" className="stack" onInput={onInput}>
        <FormErrors id="calendar-export-errors" errors={errors} />
        <p className="muted">{t("calendarPanels:ical.export.regenerateHint")}</p>
        <div className="button-row">
          <IntentButton intent="regenerate" variant="danger">
            {t("calendarPanels:ical.export.regenerate")}
          </IntentButton>
        </div>
      </Form>
    </Panel>
  );
}
