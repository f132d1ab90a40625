import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { Form } from "react-router";
import type { Route } from "./+types/promotions";
import { hostApi } from "@contract/index";
import { loadPromotions, setPromotion } from "~/components/pricing/pricing.server";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "price-and-availability/promotions";

/** The promotions' texts come from the API as keys of the promotions namespace. */
export const handle: TranslationsHandle = { i18n: ["promotions"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Promotions a host may offer (§3 Promotion); none is required, so the step may be passed as it is. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref } = await requireStep(context, params, STEP);
  const { call } = context.get(authContext);
  const [configuration, current] = await Promise.all([
    call(hostApi.pricing.promotionOffers, { params: { id: params.unitId } }),
    loadPromotions(context, params.unitId),
  ]);
  const active = new Set(current.items.filter((p) => p.state === "ACTIVE").map((p) => p.type));
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, promotions: configuration.items.map((p) => ({ ...p, active: active.has(p.type) })) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const chosen = new Set((await request.formData()).getAll("promotion").map(String));
  const current = await loadPromotions(context, params.unitId);
  const changes = current.items.filter((p) => (p.state === "ACTIVE") !== chosen.has(p.type));
  await Promise.all(changes.map((p) => setPromotion(context, params.unitId, p.type, chosen.has(p.type) ? "ACTIVE" : "INACTIVE")));
  return completeStep(context, params, STEP);
}

export default function PromotionsStep({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack">
        {loaderData.promotions.map((p) => (
          <fieldset key={p.type} className="card stack stack--tight">
            <legend className="visually-hidden">{t(p.texts.switchName)}</legend>
            <label className="choice">
              <input type="checkbox" name="promotion" value={p.type} defaultChecked={p.active} />
              <strong>{t(p.texts.switchName)}</strong>
            </label>
            <p>{t(p.texts.description, { discount: p.discount, days: p.conditions.minDaysBeforeArrival ?? p.conditions.maxDaysBeforeArrival, nights: p.conditions.minNights })}</p>
            <ul>
              {p.texts.bullets.map((bullet) => (
                <li key={bullet}>{t(bullet)}</li>
              ))}
            </ul>
            <p className="muted">{t(p.texts.footer)}</p>
          </fieldset>
        ))}
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
