import { getFormProps, useHostForm } from "~/lib/conform";
import { parseWithZod } from "~/lib/conform.server";
import { useTranslation } from "~/lib/i18n";
import { data, Form, href, redirect } from "react-router";
import { z } from "zod";
import { hostApi } from "@contract/index";
import { APP_FEATURES } from "@domain/user-flags";
import type { Route } from "./+types/feature-toggle";
import { allErrorsOf, FormErrors } from "~/components/ui/field";
import { StatusPill } from "~/components/ui/status-pill";
import { authContext } from "~/lib/auth.server";
import { replyWithApiError } from "~/lib/forms.server";
import { serverT } from "~/lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The account switches staff turn: the app features, and whether identity verification (KYC) applies. */
const SWITCHES = [...APP_FEATURES, "identityVerification"] as const;

function featureOf(id: string) {
  const feature = z.enum(SWITCHES).safeParse(id);
  if (!feature.success) throw data(null, { status: 404 });
  return feature.data;
}

/** The switch's one button sends the state it turns to. */
const schema = z.object({ enabled: z.enum(["true", "false"]).transform((value) => value === "true") });

/** One switch of the current host: its state, and for impersonating staff a way to turn it. */
export function loader({ params, context }: Route.LoaderArgs) {
  const feature = featureOf(params.id);
  const { user } = context.get(authContext);
  const t = serverT(context);
  return {
    title: t("featureToggle.title", { feature: t(`featureToggle.features.${feature}`) }),
    feature,
    enabled: feature === "identityVerification" ? user.isKYCApplicable : user.appFeatures.includes(feature),
    canSwitch: user.isImpersonating,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const feature = featureOf(params.id);
  const { user, call } = context.get(authContext);
  if (!user.isImpersonating) throw data(null, { status: 403 });
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { enabled } = submission.value;
  try {
    if (feature === "identityVerification") await call(hostApi.staff.setIdentityVerification, { params: { userId: user.userId }, body: { applicable: enabled } });
    else await call(hostApi.staff.setFeature, { params: { userId: user.userId, feature }, body: { enabled } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error);
    return data(result, { status });
  }
  return redirect(href("/feature-toggle/:id", { id: feature }));
}

export default function FeatureToggle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { feature, enabled, canSwitch } = loaderData;
  const [form] = useHostForm<typeof schema>({ lastResult: actionData });
  return (
    <div className="page stack">
      <h1>{loaderData.title}</h1>
      <p>{t(`featureToggle.descriptions.${feature}`)}</p>
      <p>
        <StatusPill tone={enabled ? "success" : "neutral"}>{enabled ? t("featureToggle.enabled") : t("featureToggle.disabled")}</StatusPill>
      </p>
      {canSwitch ? (
        <Form method="post" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={allErrorsOf(form)} />
          <input type="hidden" name="enabled" value={enabled ? "false" : "true"} />
          <button type="submit" className="button button--primary">
            {enabled ? t("featureToggle.disable") : t("featureToggle.enable")}
          </button>
        </Form>
      ) : (
        <p className="muted">{t("featureToggle.staffOnly")}</p>
      )}
    </div>
  );
}
