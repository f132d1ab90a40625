import { useTranslation } from "~/lib/i18n";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { hostApi } from "@contract/index";
import { APP_FEATURES } from "@domain/user-flags";
import type { Route } from "./+types/feature-toggle";
import { FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { attemptApi } from "~/lib/host-api.server";
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
  const enabled = (await request.formData()).get("enabled") === "true";
  const refused = await attemptApi(() =>
    feature === "identityVerification"
      ? call(hostApi.staff.setIdentityVerification, { params: { userId: user.userId }, body: { applicable: enabled } })
      : call(hostApi.staff.setFeature, { params: { userId: user.userId, feature }, body: { enabled } }),
  );
  if (refused) return data({ errors: Object.values(refused).flat() }, { status: 409 });
  return redirect(`/feature-toggle/${feature}`);
}

export default function FeatureToggle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { feature, enabled, canSwitch } = loaderData;
  return (
    <div className="page stack">
      <h1>{loaderData.title}</h1>
      <p>{t(`featureToggle.descriptions.${feature}`)}</p>
      <p className={enabled ? "status status--on" : "status status--off"}>
        {enabled ? t("featureToggle.enabled") : t("featureToggle.disabled")}
      </p>
      {canSwitch ? (
        <Form method="post">
          <FormErrors id="feature-toggle-errors" errors={actionData?.errors} />
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
