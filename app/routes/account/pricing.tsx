import { data, Form } from "react-router";
import type { Route } from "./+types/pricing";
import { hostApi } from "@contract/index";
import { BILLING_TAGS, currentBillingTag, isBillingTag, mayChooseBillingTag, visibleAccountTabs } from "@domain/account-settings";
import { commissionPercent, STANDARD_COMMISSION_PERCENT } from "@domain/user-flags";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { authContext } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { refusalOf } from "~/lib/host-api.server";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { SaveButton } from "./fields";
import { accountTabHref } from "./tabs";

/** The pricing model (§2; commission or B2B hosts, not hybrid): how the host pays and, on commission, how much; commission hosts may choose a bidding tag. */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(authContext);
  return {
    title: serverT(context)("account:tab.pricing"),
    model: user.commercialModel,
    commission: commissionPercent(user),
    current: currentBillingTag(user.biddingTag),
    mayChoose: mayChooseBillingTag({ commercialModel: user.commercialModel === "subscription" ? "subscription" : "commission", onboardingStatus: user.onboardingStatus }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { call } = context.get(authContext);
  const tag = (await request.formData()).get("tag");
  if (!isBillingTag(tag)) return data({ error: { "": ["invalid_choice"] } }, { status: 400 });
  let saved;
  try {
    saved = await call(hostApi.account.saveBillingTag, { params: { tag } });
  } catch (error) {
    const refusal = refusalOf(error);
    return data({ error: { "": refusal.formErrors.map((e) => e.type) } }, { status: refusal.status >= 500 ? 500 : 400 });
  }
  // A hybrid host has no pricing tab (§2): the answer goes where the host lands, so the toast is not lost on a second redirect.
  const back = visibleAccountTabs(saved).includes("pricing") ? "pricing" : "profile";
  return redirectWithFlash(context, accountTabHref(back), { kind: "success", key: "commons.saved" });
}

export default function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { errors, onInput } = useFormAnswerErrors(actionData);
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="pricing-title">
        <h2 id="pricing-title">{t("account:pricing.title")}</h2>
        <dl className="facts">
          <dt>{t("account:pricing.model")}</dt>
          <dd>{t(`account:pricing.models.${loaderData.model}`)}</dd>
          {loaderData.commission !== null ? (
            <>
              <dt>{t("account:pricing.commission")}</dt>
              <dd className="account__big-number">{format.percent(loaderData.commission)}</dd>
            </>
          ) : null}
        </dl>
        <p className="muted">{t(`account:pricing.explain.${loaderData.model}`)}</p>
      </section>
      {loaderData.mayChoose ? (
        <Form method="post" className="card stack" onInput={onInput} aria-labelledby="billing-tag-title">
          <h2 id="billing-tag-title">{t("account:pricing.switchTitle")}</h2>
          <FormErrors id="billing-tag-errors" errors={errors} />
          <fieldset className="field choice-list">
            <legend>{t("account:pricing.switchLegend")}</legend>
            {BILLING_TAGS.map((tag) => (
              <label key={tag} className="choice">
                <input type="radio" name="tag" value={tag} defaultChecked={loaderData.current === tag} />
                {tag === "standard" ? t("account:pricing.standard", { percent: format.percent(STANDARD_COMMISSION_PERCENT) }) : t("account:pricing.hybrid", { percent: format.percent(Number(tag.slice("hybrid_".length))) })}
              </label>
            ))}
          </fieldset>
          <p className="field__hint">{t("account:pricing.switchHint")}</p>
          <div className="button-row">
            <SaveButton />
          </div>
        </Form>
      ) : null}
    </div>
  );
}
