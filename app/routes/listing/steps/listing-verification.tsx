import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/listing-verification";
import { hostApi } from "@contract/index";
import { calendarProvider, isCalendarProviderId, type CalendarProviderId } from "@domain/calendar-verification";
import { ChoiceList } from "~/components/ui/choice-list";
import { FormErrors } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { refusalOf } from "~/lib/host-api.server";
import { getLocale, serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "listing-verification";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * Whether the unit is listed on another platform, and where (§7 calendar verification): a listing we
 * can match is validated, a unit listed nowhere else is verified as such.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref } = await requireStep(context, params, STEP);
  const { call } = context.get(authContext);
  const configuration = await call(hostApi.calendarVerification.configuration, { query: { hl: getLocale(context) } });
  const providers = configuration.providers.map((p) => ({ id: p.id, name: p.name, example: p.urlPatterns[0]?.example ?? null }));
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, providers };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const form = await request.formData();
  const sent = { provider: String(form.get("provider") ?? ""), isListed: String(form.get("isListed") ?? ""), url: String(form.get("url") ?? "").trim() };
  const errors: Record<string, string[]> = {};
  if (!isCalendarProviderId(sent.provider)) errors.provider = ["required"];
  if (sent.isListed !== "yes" && sent.isListed !== "no") errors.isListed = ["required"];
  if (Object.keys(errors).length) return data({ errors, sent }, { status: 400 });
  const provider = sent.provider as CalendarProviderId;
  // Whatever is wrong with the link names the platform, in the host's language.
  const t = serverT(context);
  const urlError = (code: string) => (code === "url_invalid" || code === "listing_url_invalid" ? t("validation.listing_url_invalid", { provider: calendarProvider(provider).name }) : code);
  const { call } = context.get(authContext);
  const target = { id: params.unitId, provider };
  try {
    await call(hostApi.calendarVerification.save, { params: target, body: { isListed: sent.isListed === "yes", ...(sent.isListed === "yes" ? { url: sent.url } : {}) } });
    const result = await call(hostApi.calendarVerification.verify, { params: target, query: { hl: getLocale(context) } });
    if (result.status === "failed") return data({ errors: { url: [urlError(result.failureReason ?? "url_invalid")] } as Record<string, string[]>, sent }, { status: 400 });
  } catch (error) {
    const refusal = refusalOf(error);
    const codes = refusal.codes();
    return data({ errors: { ...codes, ...(codes.url ? { url: codes.url.map(urlError) } : {}) }, sent }, { status: 400 });
  }
  return completeStep(context, params, STEP);
}

export default function ListingVerificationStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sent = actionData?.sent;
  const errors: Record<string, string[] | undefined> = actionData?.errors ?? {};
  // One example per platform: the hint holds whichever the host picks, with or without JavaScript.
  const examples = loaderData.providers.flatMap((p) => (p.example ? [`${p.example} (${p.name})`] : [])).join(", ");
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack card">
        <FormErrors id="verification-errors" errors={errors.form} />
        <ChoiceList name="provider" legend={t("listing:verification.provider")} options={loaderData.providers.map((p) => ({ id: p.id, label: p.name }))} selected={sent?.provider ?? loaderData.providers[0]?.id ?? ""} errors={errors.provider} />
        <ChoiceList
          name="isListed"
          legend={t("listing:verification.isListed")}
          options={[
            { id: "yes", label: t("listing:verification.listedYes") },
            { id: "no", label: t("listing:verification.listedNo") },
          ]}
          selected={sent?.isListed ?? ""}
          errors={errors.isListed}
        />
        <TextInput name="url" label={t("listing:verification.url")} hint={t("listing:verification.urlHint", { example: examples })} defaultValue={sent?.url ?? ""} errors={errors.url} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
