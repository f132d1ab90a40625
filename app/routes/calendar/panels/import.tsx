import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/import";
import { hostApi } from "@contract/index";
import { feedNameSchema, feedUrlSchema } from "@contract/ical";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { TextInput } from "~/components/ui/text-input";
import { WebAddress } from "~/components/ui/web-address";
import { panelHref } from "~/components/calendar/calendar-links";
import { FeedStatus } from "~/components/calendar/feed-status";
import { IntentButton, Panel } from "~/components/calendar/panel";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { viewOf } from "~/routes/calendar/panel-actions.server";

// The panels' texts come with the panels, not with every calendar page (they are a namespace of their own).
export const handle: TranslationsHandle = { i18n: ["calendarPanels"] };

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), name: feedNameSchema, url: feedUrlSchema }),
  z.object({ intent: z.literal("rename"), feedId: z.string().min(1), name: feedNameSchema }),
  z.object({ intent: z.literal("remove"), feedId: z.string().min(1) }),
]);

export async function loader({ params, context }: Route.LoaderArgs) {
  // With the shell's call (one D1 batch with the calendar's days), as GET …/ical-feeds lists them.
  return { feeds: await context.get(authContext).icalFeeds(params.unitId) };
}

/** Adds a calendar (read at once), renames one, or removes one (its nights are freed). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema });
  const answer = (result: ReturnType<typeof submission.reply>, status: number) => data({ result, intent: String(form.get("intent") ?? ""), feedId: String(form.get("feedId") ?? "") }, { status });
  if (submission.status !== "success") return answer(submission.reply(), 400);
  const { call } = context.get(authContext);
  const value = submission.value;
  let key: string;
  try {
    if (value.intent === "add") {
      const feed = await call(hostApi.ical.addFeed, { params: { id: params.unitId }, body: { name: value.name, url: value.url } });
      key = feed.status === "ok" ? "calendarPanels:ical.toast.added" : "calendarPanels:ical.toast.addedFailing";
    } else if (value.intent === "rename") {
      await call(hostApi.ical.renameFeed, { params: { id: params.unitId, feedId: value.feedId }, body: { name: value.name } });
      key = "calendarPanels:ical.toast.renamed";
    } else {
      await call(hostApi.ical.removeFeed, { params: { id: params.unitId, feedId: value.feedId } });
      key = "calendarPanels:ical.toast.removed";
    }
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { fields: value.intent === "add" ? ["name", "url"] : value.intent === "rename" ? ["name"] : [] });
    return answer(result, status);
  }
  // A feed added goes on to the sync panel, where its first read shows.
  const to = value.intent === "add" ? "sync" : "import";
  return redirectWithFlash(context, panelHref(params.unitId, to, viewOf(request)), { kind: "success", key });
}

type Answer = Route.ComponentProps["actionData"];

function fieldErrors(answer: Answer, name: string): string[] | undefined {
  return answer?.result.error?.[name] ?? undefined;
}

function typed(answer: Answer, name: string): string | undefined {
  const value = (answer?.result.initialValue as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

function formErrors(answer: Answer): string[] | undefined {
  return answer?.result.error?.[""] ?? undefined;
}

export default function ImportPanel({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const adding = actionData?.intent === "add" ? actionData : undefined;
  const add = useFormAnswerErrors(adding?.result);
  const other = useFormAnswerErrors(adding ? undefined : actionData?.result);
  return (
    <Panel id="calendar-import" title={t("calendar:panel.import")}>
      <p className="muted">{t("calendarPanels:ical.import.intro")}</p>
      <Form method="post" className="stack" onInput={add.onInput} aria-labelledby="calendar-import-add">
        <h4 id="calendar-import-add">{t("calendarPanels:ical.import.add")}</h4>
        <FormErrors id="calendar-import-errors" errors={formErrors(adding)} />
        <TextInput id="ical-name" name="name" label={t("calendarPanels:ical.import.name")} hint={t("calendarPanels:ical.import.nameHint")} defaultValue={typed(adding, "name") ?? ""} errors={add.errors.length ? fieldErrors(adding, "name") : undefined} />
        <TextInput id="ical-url" name="url" label={t("calendarPanels:ical.import.url")} hint={t("calendarPanels:ical.import.urlHint")} defaultValue={typed(adding, "url") ?? ""} errors={add.errors.length ? fieldErrors(adding, "url") : undefined} autoComplete="off" />
        <div className="button-row">
          <IntentButton intent="add" variant="primary">
            {t("calendarPanels:ical.import.submit")}
          </IntentButton>
        </div>
      </Form>
      {loaderData.feeds.length ? (
        <section className="stack" aria-labelledby="calendar-import-feeds">
          <h4 id="calendar-import-feeds">{t("calendarPanels:ical.import.feeds")}</h4>
          <p className="muted">{t("calendarPanels:ical.import.removeHint")}</p>
          <ul className="cal-list">
            {loaderData.feeds.map((feed) => {
              const answered = actionData && !adding && actionData.feedId === feed.id ? actionData : undefined;
              return (
                <li key={feed.id} className="stack stack--tight">
                  <p>
                    <FeedStatus feed={feed} />
                  </p>
                  <p className="muted">
                    <WebAddress address={feed.url} />
                  </p>
                  <Form method="post" className="stack" onInput={other.onInput}>
                    <input type="hidden" name="feedId" value={feed.id} />
                    <FormErrors id={`ical-feed-${feed.id}-errors`} errors={answered ? formErrors(answered) : undefined} />
                    <TextInput
                      id={`ical-feed-${feed.id}-name`}
                      name="name"
                      label={t("calendarPanels:ical.import.name")}
                      defaultValue={(answered && typed(answered, "name")) ?? feed.name}
                      errors={answered && other.errors.length ? fieldErrors(answered, "name") : undefined}
                    />
                    <div className="button-row">
                      <IntentButton intent="rename">{t("calendarPanels:ical.import.rename")}</IntentButton>
                      <IntentButton intent="remove" variant="danger">
                        {t("calendarPanels:ical.import.remove")}
                      </IntentButton>
                    </div>
                  </Form>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </Panel>
  );
}
