import { useState, useSyncExternalStore } from "react";
import { data, Form, href, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/contact";
import { hostApi } from "@contract/index";
import { CONTACT_TOPICS } from "@domain/support";
import { multiLineText } from "@domain/text";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, FormErrors } from "~/components/ui/form-errors";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { getLocale, serverT } from "~/lib/i18n.server";
import { safeReturnTo } from "~/lib/return-to";
import { useTypedDefault } from "~/components/ui/text-area";

const noSubscription = () => () => {};

const schema = z.object({
  topic: z.enum(CONTACT_TOPICS, { message: "required" }),
  body: multiLineText(4000).min(10, "too_short"),
  page: z.string().max(200).optional(),
  unit: z.string().max(64).optional(),
});

/** The page the host writes from (`?page=`, a path of the app) and its unit, if it names one. */
function origin(url: URL) {
  const page = safeReturnTo(url.searchParams.get("page"), url.origin, { fallback: "" });
  const unit = /\/units\/([\w-]{1,64})/.exec(page)?.[1] ?? url.searchParams.get("unit")?.slice(0, 64) ?? "";
  return { page, unit };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { page, unit } = origin(new URL(request.url));
  const { topics } = await context.get(authContext).call(hostApi.home.contactTopics, { query: { type: unit ? "listing" : "general", hl: getLocale(context) } });
  return { title: serverT(context)("help.contactTitle"), topics, page, unit };
}

/** Sends the message to support with the page and unit it was written from (§2, §5); validated here always. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { topic, body, page, unit } = submission.value;
  try {
    await context.get(authContext).call(hostApi.home.sendContactForm, { body: { topic, body, pageId: page || null, propertyUnitId: unit || null } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error);
    return data(result, { status });
  }
  const back = safeReturnTo(page, new URL(request.url).origin);
  return redirectWithFlash(context, back, { kind: "success", key: "support.sent" });
}

/** The support contact form (§2 "Support contact modal"): a topic, then the details; sent only with both. */
export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const sent = actionData?.initialValue as { topic?: string; body?: string } | undefined;
  // Both are controlled: what was chosen and typed while the page's scripts loaded is where they start.
  const chosenTopic = useTypedDefault("contact-topic", sent?.topic ?? "");
  const typedBody = useTypedDefault("contact-body", sent?.body ?? "");
  const [topic, setTopic] = useState(chosenTopic);
  const [body, setBody] = useState(typedBody);
  const errors = actionData?.error ?? {};
  // With JavaScript the details appear once a topic is chosen, and Send waits for both (§2, §5).
  const showDetails = !hydrated || topic !== "";
  return (
    <div className="page page--narrow">
      <section className="card stack" aria-labelledby="contact-title">
        <h1 id="contact-title">{t("support.contactTitle")}</h1>
        <p>{t("support.contactIntro")}</p>
        <Form method="post" className="stack" noValidate>
          <FormErrors id="contact-errors" errors={errors[""] ?? undefined} />
          <input type="hidden" name="page" value={loaderData.page} />
          <input type="hidden" name="unit" value={loaderData.unit} />
          <div className="field">
            <label htmlFor="contact-topic">{t("support.topic")}</label>
            <select
              id="contact-topic"
              name="topic"
              required
              value={topic}
              onChange={(e) => setTopic(e.target.value)}
              aria-invalid={errors.topic ? true : undefined}
              aria-describedby={errors.topic ? "contact-topic-errors" : undefined}
            >
              <option value="">{t("support.chooseTopic")}</option>
              {loaderData.topics.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.name}
                </option>
              ))}
            </select>
            <FieldErrors id="contact-topic-errors" errors={errors.topic ?? undefined} />
          </div>
          {showDetails ? (
            <div className="field">
              <label htmlFor="contact-body">{t("support.details")}</label>
              <textarea
                id="contact-body"
                name="body"
                rows={6}
                required
                maxLength={4000}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={errors.body ? "contact-body-errors" : "contact-body-hint"}
              />
              <p id="contact-body-hint" className="field__hint">
                {t("support.detailsHint")}
              </p>
              <FieldErrors id="contact-body-errors" errors={errors.body ?? undefined} />
            </div>
          ) : null}
          <div className="button-row">
            <button type="submit" className={buttonClass({ variant: "primary" })} disabled={hydrated && (topic === "" || body.trim() === "")}>
              {t("support.send")}
            </button>
            <Link className={buttonClass({ variant: "ghost" })} to={loaderData.page || href("/home")}>
              {t("support.cancel")}
            </Link>
          </div>
        </Form>
      </section>
    </div>
  );
}
