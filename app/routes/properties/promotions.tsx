import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/promotions";
import { hostApi } from "@contract/index";
import { PROMOTION_STATES, PROMOTION_TYPES } from "@domain/pricing";
import { loadPromotions, setPromotion } from "~/components/pricing/pricing.server";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { StatusPill } from "~/components/ui/status-pill";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { useFormat } from "~/lib/format";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { unitHref } from "~/lib/pages";

/** The promotions' texts come from the API as keys of the promotions namespace. */
export const handle: TranslationsHandle = { i18n: ["promotions"] };

/** One promotion switched on or off; the button names the state it leads to. */
const schema = z.object({ type: z.enum(PROMOTION_TYPES, "invalid_choice"), state: z.enum(PROMOTION_STATES, "invalid_choice") });

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  // The page's own unit's promotions come with the shell's call (decision 024), unless an action wrote since.
  const read = context.get(authContext).promotions(params.unitId);
  const [offers, current] = read
    ? [{ items: read.offers }, { items: read.items }]
    : await Promise.all([context.get(authContext).call(hostApi.pricing.promotionOffers, { params: { id: params.unitId } }), loadPromotions(context, params.unitId)]);
  const active = new Set(current.items.filter((p) => p.state === "ACTIVE").map((p) => p.type));
  return {
    title: serverT(context)("properties:unit.section.promotions"),
    promotions: offers.items.map((p) => ({ ...p, active: active.has(p.type) })),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { type, state } = submission.value;
  try {
    await setPromotion(context, params.unitId, type, state);
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { fields: [] });
    return data(result, { status });
  }
  return redirectWithFlash(context, unitHref(params, "promotions"), { kind: "success", key: state === "ACTIVE" ? "properties:promotions.switchedOn" : "properties:promotions.switchedOff" });
}

/** §3 Promotion: each offer with its texts, its state, and one button that switches it. */
export default function Promotions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("type") : null;
  return (
    <section className="stack" aria-labelledby="promotions-title">
      <h2 id="promotions-title">{t("properties:unit.section.promotions")}</h2>
      <p>{t("properties:promotions.intro")}</p>
      <FormErrors id="promotion-errors" errors={Object.values(actionData?.error ?? {}).flatMap((e) => e ?? [])} />
      {loaderData.promotions.map((p) => {
        const titleId = `promotion-${p.type}-title`;
        const switchLabel = t(p.active ? "properties:promotions.switchOff" : "properties:promotions.switchOn");
        const values = { discount: format.percent(p.discount), days: p.conditions.minDaysBeforeArrival ?? p.conditions.maxDaysBeforeArrival, nights: p.conditions.minNights };
        return (
          <article key={p.type} className="card stack stack--tight" aria-labelledby={titleId}>
            <div className="button-row">
              <h3 id={titleId}>{t(p.texts.title)}</h3>
              <StatusPill tone={p.active ? "success" : "neutral"}>{t(p.active ? "properties:promotions.active" : "properties:promotions.inactive")}</StatusPill>
            </div>
            <p>{t(p.texts.description, values)}</p>
            <p className="muted">{t(p.texts.progressDescription, values)}</p>
            <ul>
              {p.texts.bullets.map((bullet) => (
                <li key={bullet}>{t(bullet)}</li>
              ))}
            </ul>
            <Form method="post" className="stack stack--tight" aria-labelledby={titleId}>
              <input type="hidden" name="type" value={p.type} />
              <div className="button-row">
                {/* The name begins with what the button shows, and says which promotion it switches. */}
                <Button variant={p.active ? "secondary" : "primary"} name="state" value={p.active ? "INACTIVE" : "ACTIVE"} pending={sending === p.type} aria-label={`${switchLabel}: ${t(p.texts.switchName)}`}>
                  {switchLabel}
                </Button>
              </div>
            </Form>
            <p className="muted">{t(p.texts.footer)}</p>
          </article>
        );
      })}
    </section>
  );
}
