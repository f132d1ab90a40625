import { useEffect, useRef } from "react";
import { data, Form, href, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/saved-replies";
import { hostApi } from "@contract/index";
import { PLACEHOLDERS, placeholderToken, SAVED_REPLY_BODY_MAX, SAVED_REPLY_TITLE_MAX } from "@domain/messaging";
import { multiLineText, singleLineText } from "@domain/text";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldErrors, FormErrors } from "~/components/ui/form-errors";
import { useFocusedOnLoad } from "~/lib/use-hydrated";
import * as icons from "~/components/ui/icons";
import { TextArea } from "~/components/ui/text-area";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import stylesheet from "~/components/messages/messages.css?url";

export const handle: TranslationsHandle = { i18n: ["messages"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The host's saved replies: reply templates with placeholders, inserted into a message from a conversation. */
export async function loader({ context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const { items } = await call(hostApi.messaging.savedReplies);
  return { title: serverT(context)("messages:savedReplies.title"), replies: items };
}

const replyFields = { title: singleLineText(SAVED_REPLY_TITLE_MAX).min(1, "required"), body: multiLineText(SAVED_REPLY_BODY_MAX).min(1, "required") };
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...replyFields }),
  z.object({ intent: z.literal("update"), replyId: z.string().min(1), ...replyFields }),
  z.object({ intent: z.literal("delete"), replyId: z.string().min(1) }),
  z.object({ intent: z.literal("confirmDelete"), replyId: z.string().min(1) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  const formId = String(formData.get("replyId") ?? "new");
  if (submission.status !== "success") return data({ formId, result: submission.reply() }, { status: 400 });
  const { call } = context.get(authContext);
  const value = submission.value;
  const back = href("/messages/saved-replies");
  // Deleting asks first, as every delete does: the answer is the question, by the reply it is about.
  if (value.intent === "delete") return { confirming: value.replyId };
  if (value.intent === "confirmDelete") {
    try {
      await call(hostApi.messaging.deleteSavedReply, { params: { replyId: value.replyId } });
    } catch (error) {
      // Deleted meanwhile (another tab): what the host asked for is done.
      if (!(error instanceof HostApiError && error.status === 404)) throw error;
    }
    return redirectWithFlash(context, back, { kind: "success", key: "messages:flash.replyDeleted" });
  }
  try {
    if (value.intent === "create") await call(hostApi.messaging.createSavedReply, { body: { title: value.title, body: value.body } });
    else await call(hostApi.messaging.updateSavedReply, { params: { replyId: value.replyId }, body: { title: value.title, body: value.body } });
  } catch (error) {
    if (error instanceof HostApiError && error.status === 409) return data({ formId, result: submission.reply({ formErrors: ["saved_replies_full"] }) }, { status: 409 });
    const { result, status } = replyWithApiError(submission, error, { fields: ["title", "body"] });
    return data({ formId, result }, { status });
  }
  return redirectWithFlash(context, back, { kind: "success", key: value.intent === "create" ? "messages:flash.replySaved" : "messages:flash.replyUpdated" });
}

type Answer = Route.ComponentProps["actionData"];

/** The title and body of a reply, new or saved; what was typed stays after a refusal. */
function ReplyFields({ id, answer, title, body }: { id: string; answer: Answer; title: string; body: string }) {
  const { t } = useTranslation();
  const mine = answer && "result" in answer && answer.formId === id ? answer.result : undefined;
  const sent = (mine?.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: string, fallback: string) => (typeof sent[name] === "string" ? (sent[name] as string) : fallback);
  const errors = (name: string) => mine?.error?.[name] ?? undefined;
  return (
    <>
      <FormErrors id={`reply-${id}-errors`} errors={mine?.error?.[""] ?? undefined} />
      <div className="field">
        <label htmlFor={`reply-${id}-title`}>{t("messages:savedReplies.fieldTitle")}</label>
        <input id={`reply-${id}-title`} name="title" maxLength={SAVED_REPLY_TITLE_MAX} defaultValue={value("title", title)} aria-invalid={errors("title") ? true : undefined} aria-describedby={errors("title") ? `reply-${id}-title-errors` : undefined} />
        <FieldErrors id={`reply-${id}-title-errors`} errors={errors("title")} />
      </div>
      <div className="field">
        <label htmlFor={`reply-${id}-body`}>{t("messages:savedReplies.fieldBody")}</label>
        <TextArea
          id={`reply-${id}-body`}
          name="body"
          rows={5}
          maxLength={SAVED_REPLY_BODY_MAX}
          defaultValue={value("body", body)}
          aria-invalid={errors("body") ? true : undefined}
          aria-describedby={[`saved-replies-placeholders`, errors("body") ? `reply-${id}-body-errors` : ""].filter(Boolean).join(" ")}
        />
        <FieldErrors id={`reply-${id}-body-errors`} errors={errors("body")} />
      </div>
    </>
  );
}

/**
 * The question before a saved reply is deleted, in place of its Delete button: the reply's title, a
 * button that deletes it and a way back. It takes the focus as it appears (with JavaScript after the
 * click, without it as the page loads), so that the keyboard is at its buttons and a screen reader
 * reads the question.
 */
function DeleteConfirmation({ reply, pending }: { reply: { id: string; title: string }; pending: boolean }) {
  const { t } = useTranslation();
  const question = useRef<HTMLParagraphElement>(null);
  const focusedOnLoad = useFocusedOnLoad();
  useEffect(() => question.current?.focus(), []);
  return (
    <Form method="post" className="banner banner--warning" aria-labelledby={`reply-${reply.id}-confirm`}>
      <p id={`reply-${reply.id}-confirm`} ref={question} tabIndex={-1} {...focusedOnLoad}>
        {t("messages:savedReplies.confirmDelete", { title: reply.title })}
      </p>
      <input type="hidden" name="intent" value="confirmDelete" />
      <input type="hidden" name="replyId" value={reply.id} />
      <div className="button-row">
        <Button variant="danger" size="small" pending={pending}>
          {t("messages:savedReplies.confirmDeleteButton")}
        </Button>
        {/* The page as it was: without JavaScript loaded again, with it where it is, the focus back on the reply's Delete button (SavedReplyItem). */}
        <Link to={href("/messages/saved-replies")} className={buttonClass({ size: "small" })} preventScrollReset>
          {t("messages:savedReplies.cancelDelete")}
        </Link>
      </div>
    </Form>
  );
}

/** A saved reply's card: its form, and its Delete button or the question that button asks. */
function SavedReplyItem({ reply, answer, confirming, busy }: { reply: { id: string; title: string; body: string }; answer: Answer; confirming: boolean; busy: (intent: string, id: string) => boolean }) {
  const { t } = useTranslation();
  // Kept back from the question (Cancel), the keyboard returns to the Delete button it left, unless the focus went elsewhere (another reply's question).
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current && !confirming && (document.activeElement === null || document.activeElement === document.body)) document.getElementById(`reply-${reply.id}-delete`)?.focus();
    asked.current = confirming;
  }, [confirming, reply.id]);
  return (
    <li className="card stack">
      <Form method="post" className="stack" aria-label={t("messages:savedReplies.editNamed", { title: reply.title })}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="replyId" value={reply.id} />
        <ReplyFields id={reply.id} answer={answer} title={reply.title} body={reply.body} />
        <div className="button-row">
          <Button pending={busy("update", reply.id)}>{t("messages:savedReplies.update")}</Button>
        </div>
      </Form>
      {confirming ? (
        <DeleteConfirmation reply={reply} pending={busy("confirmDelete", reply.id)} />
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="replyId" value={reply.id} />
          <Button id={`reply-${reply.id}-delete`} variant="danger" size="small" pending={busy("delete", reply.id)} aria-label={t("messages:savedReplies.deleteNamed", { title: reply.title })}>
            {t("messages:savedReplies.delete")}
          </Button>
        </Form>
      )}
    </li>
  );
}

export default function SavedReplies({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { replies } = loaderData;
  const confirming = actionData && "confirming" in actionData ? actionData.confirming : null;
  const busy = (intent: string, id: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent && String(navigation.formData?.get("replyId") ?? "new") === id;
  return (
    <div className="page stack saved-replies">
      <p>
        <Link to={href("/messages")}>{t("messages:backToInbox")}</Link>
      </p>
      <div className="page-heading">
        <h1>{t("messages:savedReplies.title")}</h1>
      </div>
      <p className="muted">{t("messages:savedReplies.intro")}</p>
      <div className="card stack" id="saved-replies-placeholders">
        <p>{t("messages:savedReplies.placeholdersIntro")}</p>
        <ul className="plain-list">
          {PLACEHOLDERS.map((placeholder) => (
            <li key={placeholder}>
              <code>{placeholderToken(placeholder)}</code> {t(`messages:placeholders.${placeholder}`)}
            </li>
          ))}
        </ul>
      </div>
      <Form method="post" className="card stack" aria-labelledby="new-reply-title">
        <h2 id="new-reply-title">{t("messages:savedReplies.create")}</h2>
        <input type="hidden" name="intent" value="create" />
        <ReplyFields id="new" answer={actionData} title="" body="" key={navigation.state === "idle" && (!actionData || confirming) ? replies.length : "new"} />
        <div className="button-row">
          <Button variant="primary" icon={icons.plus} pending={busy("create", "new")}>
            {t("messages:savedReplies.save")}
          </Button>
        </div>
      </Form>
      {replies.length ? (
        <ul className="saved-reply-list">
          {replies.map((reply) => (
            <SavedReplyItem key={`${reply.id}-${reply.updatedAt}`} reply={reply} answer={actionData} confirming={confirming === reply.id} busy={busy} />
          ))}
        </ul>
      ) : (
        <EmptyState icon={icons.inquiries}>{t("messages:savedReplies.empty")}</EmptyState>
      )}
    </div>
  );
}
