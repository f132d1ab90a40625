import { getFormProps, useHostForm } from "~/lib/conform";
import { useFormat } from "~/lib/format";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/promotions";
import { hostApi } from "@contract/index";
import { PROMOTION_TYPES } from "@domain/pricing";
import { loadPromotions, setPromotion } from "~/components/pricing/pricing.server";
import { chosenOf, FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

/** The promotions' texts come from the API as keys of the promotions namespace. */
export const handle: TranslationsHandle = { i18n: ["promotions"] };

const schema = z.object({ promotion: z.array(z.enum(PROMOTION_TYPES)) });

/** Promotions a host may offer (§3 Promotion); none is required, so the step may be passed as it is. */
const route = defineStep({
  id: "price-and-availability/promotions",
  schema,
  load: async ({ context, params }) => {
    const [configuration, current] = await Promise.all([
      context.get(authContext).call(hostApi.pricing.promotionOffers, { params: { id: params.unitId } }),
      loadPromotions(context, params.unitId),
    ]);
    const active = new Set(current.items.filter((p) => p.state === "ACTIVE").map((p) => p.type));
    return { promotions: configuration.items.map((p) => ({ ...p, active: active.has(p.type) })) };
  },
  save: async ({ context, params, value }) => {
    const chosen = new Set(value.promotion);
    const current = await loadPromotions(context, params.unitId);
    const changes = current.items.filter((p) => (p.state === "ACTIVE") !== chosen.has(p.type));
    await Promise.all(changes.map((p) => setPromotion(context, params.unitId, p.type, chosen.has(p.type) ? "ACTIVE" : "INACTIVE")));
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function PromotionsStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: { promotion: loaderData.promotions.filter((p) => p.active).map((p) => p.type) }, constraint: loaderData.constraint });
  const chosen = chosenOf(fields.promotion);
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        {loaderData.promotions.map((p) => (
          <fieldset key={p.type} className="card stack stack--tight">
            <legend className="visually-hidden">{t(p.texts.switchName)}</legend>
            <label className="choice">
              <input type="checkbox" name={fields.promotion.name} value={p.type} defaultChecked={chosen.has(p.type)} />
              <strong>{t(p.texts.switchName)}</strong>
            </label>
            <p>{t(p.texts.description, { discount: format.percent(p.discount), days: p.conditions.minDaysBeforeArrival ?? p.conditions.maxDaysBeforeArrival, nights: p.conditions.minNights })}</p>
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
