import { useEffect, useRef, type FormEvent } from "react";
import { data, useSubmit } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reviews";
import { hostApi } from "@contract/index";
import { REPLY_MAX_LENGTH, REVIEW_CATEGORIES, REVIEWS_SEARCH_MAX } from "@domain/review-rules";
import { InsightsFrame, insightsHref } from "~/components/insights/frame";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormErrors } from "~/components/ui/form-errors";
import * as icons from "~/components/ui/icons";
import { TextArea } from "~/components/ui/text-area";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useFollowLink } from "~/lib/follow-link";
import { useFormat } from "~/lib/format";
import { replyWithApiError } from "~/lib/forms.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { withQuery } from "~/lib/pages";
import { insightsQuery, reviewsPageOf, reviewsSearchOf, tabsOf } from "./insights.server";
import stylesheet from "~/components/insights/insights.css?url";

export const handle: TranslationsHandle = { i18n: ["insights"] };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Reviews (§2): the averages per category and the reviews, newest first, each with the host's public answer. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const query = insightsQuery(request);
  // They came with the shell's call (decision 042).
  const search = reviewsSearchOf(request);
  const result = await auth.insightsReviews({ unitId: params.id, unitsPage: query.unitsPage, page: reviewsPageOf(request), search });
  // Opening one unit's reviews marks them seen (the tab's badge counts the others).
  if (params.id && result.items.some((review) => !review.seen)) await auth.call(hostApi.reviews.markSeen, { params: { unitId: params.id } });
  return {
    title: serverT(context)("insights:reviews.title"),
    frame: { tab: "reviews" as const, tabs: tabsOf(auth), unit: result.unit, units: result.units, newReviews: result.newReviews, period: query.period, from: query.from, to: query.to, adjusted: query.adjusted, search: query.search },
    rating: result.rating,
    // What the page shows of each review (its data is written into the page twice, as HTML and as data): not its categories' ratings, its unit's id or when it was answered.
    items: result.items.map(({ publicId, guestName, unitTitle, createdAt, rating, seen, text, reply, replyEditable }) => ({ publicId, guestName, unitTitle, createdAt, rating, seen, text, reply, replyEditable })),
    pagination: result.pagination,
    search: search ?? "",
  };
}

/** The reply form (made in the action, so that the page's browser code carries no validation library). */
const replySchema = () => z.object({ reviewId: z.string().min(1), text: z.string({ message: "required" }).trim().min(1, "required").max(REPLY_MAX_LENGTH, "too_long") });

export async function action({ request, params, context }: Route.ActionArgs) {
  const schema = replySchema();
  const submission = parseWithZod(await request.formData(), { schema });
  const reviewId = submission.payload.reviewId;
  if (submission.status !== "success") return data({ reviewId, result: submission.reply() }, { status: 400 });
  try {
    await context.get(authContext).call(hostApi.reviews.reply, { params: { reviewId: submission.value.reviewId }, body: { text: submission.value.text } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { fields: ["text"] });
    return data({ reviewId, result }, { status });
  }
  const url = new URL(request.url);
  return redirectWithFlash(context, withQuery(insightsHref("reviews", params.id, {}), Object.fromEntries(url.searchParams)), { kind: "success", key: "insights:reviews.replied" });
}

/** An answer's text, the saved one to begin with; what the host types before the page hydrates stays (TextArea). */
function AnswerText({ id, saved, errorsId }: { id: string; saved: string; errorsId: string | undefined }) {
  return <TextArea id={id} name="text" rows={3} maxLength={REPLY_MAX_LENGTH} required defaultValue={saved} aria-invalid={errorsId ? true : undefined} aria-describedby={errorsId} />;
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { rating, items, pagination, search } = loaderData;
  // With JavaScript the router sends an answer and a search (the forms post or get this page without): one handler for the page's forms, not a router <Form> and its hooks for each of them.
  const submit = useSubmit();
  const sendForm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(event.currentTarget);
  };
  // With JavaScript the router shows another search in the same form: its box shows the words searched (none after "Show all reviews"),
  // set when the search changes (not at hydration, which keeps what was typed before it), rather than by a new form, which would take the focus from Search.
  const searchBox = useRef<HTMLInputElement>(null);
  const searchShown = useRef(search);
  useEffect(() => {
    if (searchShown.current === search) return;
    searchShown.current = search;
    if (searchBox.current) searchBox.current.value = search;
  }, [search]);
  // The search's and the pages' links are followed by the router with JavaScript.
  const followLink = useFollowLink();
  const stars = (value: number | null) => (value === null ? "–" : format.number(value));
  // The reviews listed: every review of the unit (or all units), or those the search found; the links keep the period for the other tabs.
  const listHref = (query: Record<string, string>) => withQuery(insightsHref("reviews", loaderData.frame.unit?.id, loaderData.frame.search), query);
  const pageHref = (page: number) => listHref({ ...(search ? { search } : {}), ...(page > 1 ? { page: String(page) } : {}) });
  return (
    <InsightsFrame data={loaderData.frame} title={loaderData.title}>
      <section className="card stack" aria-labelledby="rating-summary">
        <h2 id="rating-summary">{t("insights:reviews.summary", { count: rating.count })}</h2>
        <dl className="rating-summary">
          <div className="rating-summary__overall">
            <dt>{t("insights:reviews.overall")}</dt>
            <dd>
              <strong>{stars(rating.rating)}</strong> <span className="muted">/ 5</span>
            </dd>
          </div>
          {REVIEW_CATEGORIES.map((category) => (
            <div key={category}>
              <dt>{t(`insights:reviews.category.${category}`)}</dt>
              <dd>
                <meter min={0} max={5} value={rating.categories[category] ?? 0} aria-label={t(`insights:reviews.category.${category}`)} /> {stars(rating.categories[category])}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {/* Searched in the reviews of the unit (or all units): their words or the guests' names. Not offered before there is a review. */}
      {rating.count > 0 || search ? (
        <form method="get" role="search" onSubmit={sendForm} className="inline-form">
          {Object.entries(loaderData.frame.search).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="review-search">{t("insights:reviews.searchLabel")}</label>
          <input ref={searchBox} id="review-search" type="search" name="search" defaultValue={search} maxLength={REVIEWS_SEARCH_MAX} />
          <button type="submit" className={buttonClass()}>
            {t("commons.search")}
          </button>
        </form>
      ) : null}
      {/* A status, so that a screen reader hears what the search found when the router shows it without a page load. */}
      <p role="status" className="insights__adjusted">
        {search && items.length ? (
          <>
            {t("insights:reviews.found", { count: pagination.total, search })}{" "}
            <a href={listHref({})} onClick={followLink} data-discover="true">
              {t("insights:reviews.showAll")}
            </a>
          </>
        ) : null}
      </p>
      {items.length ? (
        <ul className="review-list">
          {items.map((review) => {
            const errors = actionData?.reviewId === review.publicId ? (actionData.result.error?.text ?? actionData.result.error?.[""] ?? []) : [];
            return (
              <li key={review.publicId} className="card stack review">
                <div className="review__head">
                  <strong>{review.guestName}</strong>
                  <span className="muted">
                    {review.unitTitle} · {format.date(review.createdAt)}
                  </span>
                  <span className="review__rating">{t("insights:reviews.stars", { value: review.rating })}</span>
                  {review.seen ? null : <span className="pill pill--info">{t("insights:reviews.new")}</span>}
                </div>
                {review.text ? <p className="review__text">{review.text}</p> : null}
                {review.reply ? (
                  <div className="review__reply">
                    <strong>{t("insights:reviews.yourAnswer")}</strong>
                    <p>{review.reply}</p>
                  </div>
                ) : null}
                {review.replyEditable ? (
                  <form method="post" onSubmit={sendForm} className="stack" aria-label={t("insights:reviews.answerNamed", { name: review.guestName })}>
                    <input type="hidden" name="reviewId" value={review.publicId} />
                    <label htmlFor={`reply-${review.publicId}`}>{review.reply ? t("insights:reviews.changeAnswer") : t("insights:reviews.answer")}</label>
                    <AnswerText id={`reply-${review.publicId}`} saved={review.reply ?? ""} errorsId={errors.length ? `reply-${review.publicId}-errors` : undefined} />
                    <FormErrors id={`reply-${review.publicId}-errors`} errors={errors} />
                    <div className="button-row">
                      <Button variant="primary" size="small">
                        {review.reply ? t("insights:reviews.saveAnswer") : t("insights:reviews.publishAnswer")}
                      </Button>
                    </div>
                  </form>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : search ? (
        <EmptyState
          icon={icons.star}
          action={
            <a href={listHref({})} onClick={followLink} data-discover="true">
              {t("insights:reviews.showAll")}
            </a>
          }
        >
          {t("insights:reviews.noneFound", { search })}
        </EmptyState>
      ) : (
        <EmptyState icon={icons.star}>{t("insights:reviews.empty")}</EmptyState>
      )}
      {pagination.total > pagination.pageSize ? (
        <p className="button-row">
          {pagination.current > 1 ? (
            <a className={buttonClass({ size: "small" })} href={pageHref(pagination.current - 1)} onClick={followLink} data-discover="true">
              {t("insights:units.previous")}
            </a>
          ) : null}
          {pagination.current < pagination.next ? (
            <a className={buttonClass({ size: "small" })} href={pageHref(pagination.next)} onClick={followLink} data-discover="true">
              {t("insights:units.next")}
            </a>
          ) : null}
        </p>
      ) : null}
    </InsightsFrame>
  );
}
