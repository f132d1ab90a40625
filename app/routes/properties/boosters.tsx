import { getFormProps, useHostForm } from "~/lib/conform";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/boosters";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError } from "~/lib/host-api.server";
import { getLocale } from "~/lib/i18n.server";
import { useFormat } from "~/lib/format";
import { unitHref } from "~/lib/pages";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { Button } from "~/components/ui/button";
import { FormErrors, inputOf } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";

export const handle: TranslationsHandle = { i18n: ["properties", "subscription"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

const schema = z.object({ startDate: z.string({ message: "required" }).trim(), endDate: z.string({ message: "required" }).trim() });

/** §2 boosters: buy a boost for dates with boost credits (one per started week, §7 coin/boost), and the unit's boosts. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { call, subscriptionPage } = context.get(authContext);
  // Read with the shell's call (decision 024), unless this request has written.
  const state = subscriptionPage(params.unitId)?.state ?? (await call(hostApi.subscriptions.state, { query: { hl: getLocale(context) } }));
  const title = serverT(context)("properties:unit.section.boosters");
  return {
    title,
    credits: state.boostCredits,
    boosts: state.boost.scheduledPeriods.filter((b) => b.unitId === params.unitId),
    underSubscription: state.subscription?.unitIds.includes(params.unitId) ?? false,
    constraint: constraintOf(schema),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await context.get(authContext).call(hostApi.subscriptions.boost, { body: { ...submission.value, unitId: params.unitId }, query: { hl: getLocale(context) } });
  } catch (error) {
    if (!(error instanceof HostApiError)) throw error;
    const { result, status } = replyWithApiError(submission, error, { fields: ["startDate", "endDate"] });
    return data(result, { status });
  }
  return redirectWithFlash(context, unitHref(params, "boosters"), { kind: "success", key: "subscription:boosts.bought" });
}

export default function Boosters({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { credits, boosts, underSubscription } = loaderData;
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, constraint: loaderData.constraint });
  return (
    <section className="stack" aria-labelledby="boosters-title">
      <h2 id="boosters-title">{t("properties:unit.section.boosters")}</h2>
      <p>{credits.enabled ? t("subscription:boosts.credits", { remaining: credits.remaining, total: credits.quota }) : t("subscription:boosts.noCredits")}</p>
      {underSubscription && credits.enabled && credits.remaining > 0 ? (
        <Form method="post" {...getFormProps(form)} className="card stack">
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="form-columns">
            <TextInput {...inputOf(fields.startDate)} type="date" label={t("subscription:boosts.from")} />
            <TextInput {...inputOf(fields.endDate)} type="date" label={t("subscription:boosts.to")} />
          </div>
          <p className="field__hint">{t("subscription:boosts.hint")}</p>
          <div className="button-row">
            <Button variant="primary">{t("subscription:boosts.buy")}</Button>
          </div>
        </Form>
      ) : (
        <EmptyState icon={icons.info}>{underSubscription ? t("subscription:boosts.empty") : t("subscription:boosts.notUnderSubscription")}</EmptyState>
      )}
      <section className="card stack" aria-labelledby="unit-boosts-title">
        <h3 id="unit-boosts-title">{t("subscription:boosts.title")}</h3>
        {boosts.length ? (
          <ul className="stack stack--tight">
            {boosts.map((b) => (
              <li key={b.id}>{t("subscription:boosts.period", { from: format.date(b.startDate), to: format.date(b.endDate), count: b.credits })}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("subscription:boosts.none")}</p>
        )}
      </section>
    </section>
  );
}
