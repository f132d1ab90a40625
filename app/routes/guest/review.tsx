import { data, Form, href, redirect } from "react-router";
import type { Route } from "./+types/review";
import { guestReviews } from "@contract/reviews";
import { guest } from "@contract/guest";
import { REVIEW_CATEGORIES, REVIEW_TEXT_MAX_LENGTH } from "@domain/reviews";
import { PublicFrame } from "~/components/auth-layout";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/form-errors";
import { TextArea } from "~/components/ui/text-area";
import { HostApiError } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { withQuery } from "~/lib/pages";
import { requireGuest } from "./guest-session.server";
import { notReviewableOf } from "./review-state.server";
import stylesheet from "~/components/insights/insights.css?url";

export const handle: TranslationsHandle = { i18n: ["insights"] };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

const FIELDS = ["rating", ...REVIEW_CATEGORIES] as const;

/** After check-out the guest reviews the stay: overall and per category (1–5 stars as radio buttons) and a text. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { call } = await requireGuest(context, request);
  const [stay, state] = await Promise.all([call(guest.stay), call(guestReviews.get)]);
  // Without a form to fill in, the page says why: not over yet, cancelled, its review time ended, or no booking's stay.
  const notReviewable = notReviewableOf(stay, state);
  return { title: serverT(context)("insights:guestReview.title", { place: stay.unit.title }), place: stay.unit.title, ...state, notReviewable, thanks: new URL(request.url).searchParams.has("thanks") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { call } = await requireGuest(context, request);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? "")]));
  const text = String(form.get("text") ?? "");
  const missing = FIELDS.filter((field) => !/^[1-5]$/.test(values[field]!));
  if (missing.length) return data({ errors: missing.map((field) => ({ field, code: "required" })), values, text }, { status: 400 });
  try {
    await call(guestReviews.submit, { body: { ...(Object.fromEntries(FIELDS.map((field) => [field, Number(values[field])])) as Record<(typeof FIELDS)[number], number>), text } });
  } catch (error) {
    if (!(error instanceof HostApiError) || error.status >= 500) throw error;
    const codes = [...error.formErrors, ...Object.values(error.fieldErrors).flat()].map((e) => ({ field: "", code: e.type }));
    return data({ errors: codes, values, text }, { status: error.status });
  }
  return redirect(withQuery(href("/guest/review"), { thanks: "1" }));
}

export default function GuestReview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { review, reviewable, place } = loaderData;
  const errorsOf = (field: string) => (actionData?.errors ?? []).filter((e) => e.field === field).map((e) => e.code);
  return (
    <PublicFrame>
      <div className="stack guest-review">
        <h1>{loaderData.title}</h1>
        {review ? (
          <section className="card stack" role={loaderData.thanks ? "status" : undefined}>
            <h2>{loaderData.thanks ? t("insights:guestReview.thanks") : t("insights:guestReview.yours")}</h2>
            <p>{t("insights:reviews.stars", { value: review.rating })}</p>
            {review.text ? <p>{review.text}</p> : null}
            {review.reply ? (
              <div className="review__reply">
                <strong>{t("insights:guestReview.hostAnswer")}</strong>
                <p>{review.reply}</p>
              </div>
            ) : null}
          </section>
        ) : reviewable ? (
          <Form method="post" className="card stack">
            <p>{t("insights:guestReview.intro", { place })}</p>
            <FormErrors id="review-errors" errors={errorsOf("")} />
            {FIELDS.map((field) => (
              <fieldset key={field} className="star-field" aria-describedby={errorsOf(field).length ? `${field}-errors` : undefined}>
                <legend>{field === "rating" ? t("insights:reviews.overall") : t(`insights:reviews.category.${field}`)}</legend>
                <div className="star-field__choices">
                  {[1, 2, 3, 4, 5].map((value) => (
                    <label key={value}>
                      <input type="radio" name={field} value={value} defaultChecked={actionData?.values[field] === String(value)} required />
                      {t("insights:reviews.stars", { value })}
                    </label>
                  ))}
                </div>
                <FormErrors id={`${field}-errors`} errors={errorsOf(field)} />
              </fieldset>
            ))}
            <label htmlFor="review-text">{t("insights:guestReview.text")}</label>
            <TextArea id="review-text" name="text" rows={5} maxLength={REVIEW_TEXT_MAX_LENGTH} defaultValue={actionData?.text ?? ""} />
            <div className="button-row">
              <Button variant="primary">{t("insights:guestReview.submit")}</Button>
            </div>
          </Form>
        ) : (
          <p className="card">{t(`insights:guestReview.${loaderData.notReviewable?.reason ?? "notYet"}`, { count: loaderData.notReviewable?.days })}</p>
        )}
        <p>
          <a href={href("/guest/chat")}>{t("insights:guestReview.backToChat")}</a>
        </p>
      </div>
    </PublicFrame>
  );
}
