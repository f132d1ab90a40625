import { Fragment } from "react";
import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/listing-verification";
import { hostApi } from "@contract/index";
import { CALENDAR_PROVIDER_IDS } from "@domain/calendar-verification";
import { ChoiceList } from "~/components/ui/choice-list";
import { choiceOf, FormErrors, inputOf } from "~/components/ui/field";
import { WebAddress } from "~/components/ui/web-address";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { getLocale } from "~/lib/i18n.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

const schema = z.object({
  provider: z.enum(CALENDAR_PROVIDER_IDS, { message: "required" }),
  isListed: z.enum(["yes", "no"], { message: "required" }),
  url: z.string().trim().optional(),
});

/**
 * Whether the unit is listed on another platform, and where (§7 calendar verification): a listing we
 * can match is validated, a unit listed nowhere else is verified as such.
 */
const route = defineStep({
  id: "listing-verification",
  schema,
  load: async ({ context }) => {
    const configuration = await context.get(authContext).call(hostApi.calendarVerification.configuration, { query: { hl: getLocale(context) } });
    return { providers: configuration.providers.map((p) => ({ id: p.id, name: p.name, example: p.urlPatterns[0]?.example ?? null })) };
  },
  save: async ({ context, params, value }) => {
    const { call } = context.get(authContext);
    const target = { id: params.unitId, provider: value.provider };
    const listed = value.isListed === "yes";
    await call(hostApi.calendarVerification.save, { params: target, body: { isListed: listed, ...(listed ? { url: value.url ?? "" } : {}) } });
    const result = await call(hostApi.calendarVerification.verify, { params: target, query: { hl: getLocale(context) } });
    if (result.status === "failed") return { fieldErrors: { url: [result.failureReason ?? "url_invalid"] } };
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function ListingVerificationStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { providers } = loaderData;
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: { provider: providers[0]?.id }, constraint: loaderData.constraint });
  // Whatever is wrong with the link names the platform it was meant for.
  const provider = providers.find((p) => p.id === fields.provider.initialValue)?.name ?? "";
  const url = inputOf(fields.url);
  const urlErrors = url.errors?.map((code) => (code === "url_invalid" || code === "listing_url_invalid" ? t("validation.listing_url_invalid", { provider }) : code));
  // One example per platform: the hint holds whichever the host picks, with or without JavaScript.
  // The addresses wrap after a slash or before a dot, never inside a word or a number.
  const [before, after] = t("listing:verification.urlHint", { example: "\u0000" }).split("\u0000");
  const examples = providers
    .filter((p) => p.example)
    .map((p, index) => (
      <Fragment key={p.id}>
        {index > 0 ? ", " : null}
        <WebAddress address={p.example!} /> ({p.name})
      </Fragment>
    ));
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <ChoiceList {...choiceOf(fields.provider)} legend={t("listing:verification.provider")} options={providers.map((p) => ({ id: p.id, label: p.name }))} />
        <ChoiceList
          {...choiceOf(fields.isListed)}
          legend={t("listing:verification.isListed")}
          options={[
            { id: "yes", label: t("listing:verification.listedYes") },
            { id: "no", label: t("listing:verification.listedNo") },
          ]}
        />
        <TextInput {...url} errors={urlErrors} label={t("listing:verification.url")} hint={
            <>
              {before}
              {examples}
              {after}
            </>
          } />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
