import { useEffect, useRef, useState } from "react";
import { data, Form, href, Link, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/conversation";
import { hostApi } from "@contract/index";
import { REQUEST_REJECT_REASONS } from "@domain/booking";
import { fillPlaceholders, insertIntoDraft, isClientMessageId, MESSAGE_MAX_LENGTH, messageTextProblem, type ChannelStatus, type ConversationType } from "@domain/messaging";
import { AnswerRefusal, ConfirmForm, ReasonForm } from "~/components/bookings/reason-form";
import { confirmRefusal, reasonSchema, withExplanation } from "~/components/bookings/reasons.server";
import { bookingStatusWords, inquiryStatusWords, requestStatusWords, type StatusWords } from "~/components/bookings/status";
import { matchSummaryOf } from "~/components/guest-match";
import { GuestMatchFact } from "~/components/guest-match-fact";
import { useLiveMessages, type ShownMessage } from "~/components/messages/live";
import { startHostLiveMessages, useHostChat } from "~/components/messages/live-source";
import { useShellData } from "~/lib/use-shell-data";
import { MessageText } from "~/components/messages/message-text";
import { SystemMessageText } from "~/components/messages/system-message";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { StatusPill } from "~/components/ui/status-pill";
import { FieldErrors } from "~/components/ui/form-errors";
import * as icons from "~/components/ui/icons";
import { Icon } from "~/components/ui/icon";
import { TextArea, useTypedDefault } from "~/components/ui/text-area";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { formatDate, useFormat } from "~/lib/format";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError, orNotFound } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { useRootData } from "~/root";
import { getLocale, serverT } from "~/lib/i18n.server";
import { withQuery } from "~/lib/pages";
import { useHydrated } from "~/lib/use-hydrated";
import { filterQuery, filtersOf, inboxHref, isStatus, type Filters } from "~/lib/inbox-query";
import bookingStyles from "~/components/bookings/bookings.css?url";

/**
 * A conversation of the inbox, beside the list (`inbox.tsx`, its parent route) on a desktop and on
 * its own on a phone: the stay it is about, the messages and the reply form with the saved replies
 * filled for this stay. Its module and the `bookings` texts load only when a conversation is open.
 */
export const handle: TranslationsHandle = { i18n: ["bookings", "guestProfile"], formErrors: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];

/** An answer refused as stale (409) reloads the stay as it is now, with JavaScript too (4xx answers skip the reload otherwise). */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** A page's address (from `href`) that opens at one of its elements. */
const withHash = (path: string, id: string) => `${path}#${id}`;

/** The page of a conversation's stay. */
function stayHref(type: ConversationType, id: string) {
  if (type === "booking") return href("/booking-details/:id", { id });
  if (type === "bookingRequest") return href("/booking-request-details/:id", { id });
  return href("/inquiries/:inquiryId", { inquiryId: id });
}

/**
 * The stay's status as its own page shows it, worded by the loader: the page's JavaScript carries no
 * module of the bookings' statuses for one pill. A booking's (a confirmed request's too: it is a
 * booking now) says who cancelled it.
 */
function stayStatusWords(
  t: ReturnType<typeof serverT>,
  type: ConversationType,
  stay: { status: string | null; booking: { status: string; cancelledBy: "guest" | "owner" | null } | null },
): StatusWords | null {
  if (stay.booking) return bookingStatusWords(t, stay.booking.status, stay.booking.cancelledBy);
  if (!stay.status) return null;
  if (type === "bookingRequest") return requestStatusWords(t, stay.status);
  if (type === "bookingInquiry") return inquiryStatusWords(t, stay.status);
  return bookingStatusWords(t, stay.status, null);
}

const seqParam = (url: URL, name: string) => {
  const value = Number.parseInt(url.searchParams.get(name) ?? "", 10);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/** The conversation, a window of its messages and the saved replies, side by side; opening it reads it. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isStatus(params.channelStatus)) throw new Response(null, { status: 404 });
  const status = params.channelStatus;
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const { call } = context.get(authContext);
  const channelId = params.channelId;
  const before = seqParam(url, "before");
  const seen = seqParam(url, "seen");
  const [conversation, window, replies] = await Promise.all([
    orNotFound(call(hostApi.messaging.get, { params: { conversationId: channelId } })),
    orNotFound(call(hostApi.messaging.messages, { params: { conversationId: channelId }, query: { before } })),
    call(hostApi.messaging.savedReplies),
  ]);
  // Opening a conversation reads it: the guest's messages are no longer unread (the list, its parent, counts it read already).
  if (conversation.unreadCount > 0) await call(hostApi.messaging.read, { params: { conversationId: conversation.id } });
  const t = serverT(context);
  const locale = getLocale(context);
  const values = {
    guestFirstName: conversation.guest.firstName,
    checkIn: conversation.stay.checkIn ? formatDate(conversation.stay.checkIn, locale, "long") : "",
    checkOut: conversation.stay.checkOut ? formatDate(conversation.stay.checkOut, locale, "long") : "",
    unitName: conversation.unit.title,
  };
  const filled = replies.items.map((reply) => ({ id: reply.id, title: reply.title, text: fillPlaceholders(reply.body, values) }));
  // Without JavaScript a saved reply is inserted by a GET of this page with the draft and the reply's id.
  const chosen = filled.find((reply) => reply.id === url.searchParams.get("reply"));
  const typed = (url.searchParams.get("text") ?? "").slice(0, MESSAGE_MAX_LENGTH);
  const draft = chosen ? insertIntoDraft(typed, chosen.text) : typed;
  // A request or inquiry shows its guest's match level, as its own page does (§2 Guest), worked out
  // here: the page's JavaScript carries no match rule.
  const { stay, type } = conversation;
  const asked = type !== "booking" && stay.checkIn && stay.checkOut && stay.guests && stay.createdAt ? { checkIn: stay.checkIn, checkOut: stay.checkOut, guests: stay.guests, createdAt: stay.createdAt, language: conversation.guest.language } : null;
  return {
    title: t("messages:conversationTitle", { name: conversation.guest.fullName }),
    status,
    filters,
    conversation: {
      ...conversation,
      unreadCount: 0,
      messages: window.items as ShownMessage[],
      hasOlder: window.hasMore,
      older: before !== undefined,
      seen: seen ?? null,
      replies: filled,
      draft,
      clientMessageId: crypto.randomUUID(),
      guestMatch: asked ? { match: matchSummaryOf(conversation.idealGuest, asked) } : null,
      statusWords: stayStatusWords(t, type, stay),
      // The reasons a host may give for rejecting a request come with the page's data too: the page's
      // JavaScript does not load the bookings' rules (domain/booking.ts, every list of reasons) for one list.
      rejectReasons: REQUEST_REJECT_REASONS,
    },
  };
}

const rejectSchema = reasonSchema(REQUEST_REJECT_REASONS);

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!isStatus(params.channelStatus)) throw new Response(null, { status: 404 });
  const conversationId = params.channelId;
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { call } = context.get(authContext);
  const here = (status: ChannelStatus = params.channelStatus as ChannelStatus) => inboxHref(status, filters, conversationId);

  if (intent === "send") {
    const text = String(formData.get("text") ?? "");
    const clientMessageId = String(formData.get("clientMessageId") ?? "");
    const problem = messageTextProblem(text);
    if (problem) return data({ intent, text, errors: [problem] }, { status: 400 });
    try {
      // The page's own id for this message: the same form sent twice (a double click, a reload) stores it once.
      await call(hostApi.messaging.send, { params: { conversationId }, body: { text, clientMessageId: isClientMessageId(clientMessageId) ? clientMessageId : crypto.randomUUID() } });
    } catch (error) {
      if (error instanceof HostApiError && error.status === 400) return data({ intent, text, errors: error.formErrors.concat(error.fieldErrors.text ?? []).map((e) => e.type) }, { status: 400 });
      throw error;
    }
    return redirect(withHash(here(), "latest"));
  }

  if (intent === "archive" || intent === "unarchive" || intent === "favourite" || intent === "unfavourite") {
    const change = intent === "archive" || intent === "unarchive" ? { archived: intent === "archive" } : { favourite: intent === "favourite" };
    const updated = await orNotFound(call(hostApi.messaging.update, { params: { conversationId }, body: change }));
    return redirectWithFlash(context, here(updated.archived ? "archived" : "all"), { kind: "success", key: `messages:flash.${intent}` });
  }

  const conversation = await orNotFound(call(hostApi.messaging.get, { params: { conversationId } }));
  if (conversation.type !== "bookingRequest") throw new Response(null, { status: 404 });
  const requestId = conversation.stay.id;
  if (intent === "confirm") {
    try {
      await call(hostApi.bookingRequests.confirm, { params: { id: requestId } });
    } catch (error) {
      const refusal = confirmRefusal(error, "refusal.notPending");
      if (refusal) return data({ intent: "confirm", result: null, refusal }, { status: 409 });
      throw error;
    }
    return redirectWithFlash(context, here(), { kind: "success", key: "messages:flash.confirmed" });
  }
  const submission = parseWithZod(formData, { schema: rejectSchema });
  if (submission.status !== "success") return data({ intent: "reject", result: submission.reply(), refusal: null }, { status: 400 });
  try {
    await call(hostApi.bookingRequests.reject, { params: { id: requestId }, body: withExplanation({ reason: submission.value.reason, explanation: submission.value.explanation }) });
  } catch (error) {
    if (error instanceof HostApiError && error.status === 409) return data({ intent: "reject", result: submission.reply(), refusal: "refusal.notPending" }, { status: 409 });
    const { result, status } = replyWithApiError(submission, error, { fields: ["reason", "explanation"] });
    return data({ intent: "reject", result, refusal: null }, { status });
  }
  return redirectWithFlash(context, here(), { kind: "success", key: "messages:flash.rejected" });
}

type LoaderData = Route.ComponentProps["loaderData"];
type Opened = LoaderData["conversation"];
type ActionData = Route.ComponentProps["actionData"];

function MessageList({ conversation, status, filters }: { conversation: Opened; status: ChannelStatus; filters: Filters }) {
  const { t } = useTranslation();
  const owner = useShellData().user.userId;
  // The system's messages come from the brand the page is served under, by its name.
  const brand = useRootData()?.brand.name ?? "";
  useEffect(() => startHostLiveMessages(owner), [owner]);
  const format = useFormat();
  // The live chat's mount point: messages it delivers are appended here without a reload (components/messages/live.ts).
  const messages = useLiveMessages(conversation.id, conversation.messages);
  const lastSeq = messages.at(-1)?.seq ?? 0;
  const here = inboxHref(status, filters, conversation.id);
  const threadPath = href("/messages/:channelStatus/:channelId", { channelStatus: status, channelId: conversation.id });
  const firstNew = conversation.seen === null ? null : messages.find((m) => m.seq > conversation.seen!);
  return (
    <section className="message-thread" aria-labelledby="thread-title" data-conversation-id={conversation.id} data-last-seq={lastSeq}>
      <h2 id="thread-title" className="visually-hidden">
        {t("messages:threadTitle")}
      </h2>
      {conversation.hasOlder && messages[0] ? (
        <p className="message-thread__more">
          <Link to={withQuery(threadPath, { ...filterQuery(filters), before: String(messages[0].seq) })}>{t("messages:loadOlder")}</Link>
        </p>
      ) : null}
      {messages.length ? (
        <ol className="message-list">
          {messages.map((message) => (
            <li key={message.id} id={firstNew === message ? "new-messages" : undefined} className={`message message--${message.sender}`} data-seq={message.seq}>
              {firstNew === message ? <p className="message-list__divider">{t("messages:newSince")}</p> : null}
              <p className="message__sender">{message.sender === "host" ? t("messages:you") : message.sender === "guest" ? conversation.guest.fullName : t("messages:system", { brand })}</p>
              {message.sender === "system" ? <SystemMessageText text={message.text} /> : <MessageText text={message.text} />}
              <p className="message__time muted">
                <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState icon={icons.inquiries}>{t("messages:emptyThread", { name: conversation.guest.firstName })}</EmptyState>
      )}
      <PendingMessages conversation={conversation} />
      <p className="message-thread__more" id="latest">
        {conversation.older ? (
          <Link to={here}>{t("messages:backToLatest")}</Link>
        ) : (
          <Link to={withHash(withQuery(threadPath, { ...filterQuery(filters), seen: String(lastSeq) }), "new-messages")}>{t("messages:loadNewer")}</Link>
        )}
        {conversation.seen !== null && !firstNew && !conversation.older ? <span className="muted"> {t("messages:noNewer")}</span> : null}
      </p>
    </section>
  );
}

/** What the host sent with JavaScript and the server has not stored yet (the live chat's own list, `pending-list.tsx`). */
function PendingMessages({ conversation }: { conversation: Opened }) {
  const chat = useHostChat(conversation.id, conversation.messages);
  return chat ? <chat.PendingList chat={chat} /> : null;
}

function Composer({ conversation, filters, answer }: { conversation: Opened; filters: Filters; answer: ActionData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const textRef = useRef<HTMLTextAreaElement>(null);
  // The reply chosen before the page hydrated stays chosen.
  const firstReply = useTypedDefault("composer-reply", conversation.replies[0]?.id ?? "");
  const [chosen, setChosen] = useState(firstReply);
  // With JavaScript the message goes over the conversation's socket; without, the form posts.
  const chat = useHostChat(conversation.id, conversation.messages);
  const [refused, setRefused] = useState<string[] | null>(null);
  const sent = answer && "text" in answer ? answer : null;
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  const errors = refused ?? sent?.errors;
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const area = textRef.current;
    // Sent by a saved reply's Insert (a GET without JavaScript), or before the socket's client started: the form goes.
    if (!chat || !area || (event.nativeEvent as SubmitEvent).submitter?.hasAttribute("data-insert-reply")) return;
    event.preventDefault();
    const problem = messageTextProblem(area.value);
    if (problem) {
      setRefused([problem]);
      area.focus();
      return;
    }
    chat.send(area.value);
    area.value = "";
    setRefused(null);
  };
  const insert = (event: React.MouseEvent) => {
    const reply = conversation.replies.find((r) => r.id === chosen);
    const area = textRef.current;
    if (!reply || !area) return;
    // With JavaScript the reply goes into the text box at once; without, the button asks the page for it (GET).
    event.preventDefault();
    area.value = insertIntoDraft(area.value, reply.text);
    area.focus();
  };
  return (
    <Form method="post" className="composer card stack" aria-labelledby="composer-title" key={conversation.clientMessageId} onSubmit={submit} data-live={chat?.state.status}>
      <h2 id="composer-title" className="visually-hidden">
        {t("messages:composer.title")}
      </h2>
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="clientMessageId" value={conversation.clientMessageId} />
      {Object.entries(filterQuery(filters)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field">
        <label htmlFor="composer-text">{t("messages:composer.label", { name: conversation.guest.firstName })}</label>
        <TextArea
          ref={textRef}
          id="composer-text"
          name="text"
          rows={4}
          maxLength={MESSAGE_MAX_LENGTH}
          defaultValue={sent?.text ?? conversation.draft}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? "composer-text-errors" : undefined}
        />
        <FieldErrors id="composer-text-errors" errors={errors} />
      </div>
      {chat && chat.state.status !== "open" ? (
        <p className="composer__status muted" role="status">
          {t(`messages:composer.status.${chat.state.status}`)}
        </p>
      ) : null}
      <div className="composer__actions">
        {conversation.replies.length ? (
          <div className="composer__replies">
            <label htmlFor="composer-reply">{t("messages:composer.savedReply")}</label>
            <select id="composer-reply" name="reply" value={chosen} onChange={(event) => setChosen(event.currentTarget.value)}>
              {conversation.replies.map((reply) => (
                <option key={reply.id} value={reply.id}>
                  {reply.title}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--small" formMethod="get" formNoValidate onClick={hydrated ? insert : undefined} data-insert-reply>
              {t("messages:composer.insert")}
            </button>
          </div>
        ) : (
          <Link to={href("/messages/saved-replies")} className="muted">
            {t("messages:composer.noReplies")}
          </Link>
        )}
        <Button variant="primary" pending={sending} icon={icons.send}>
          {t("messages:composer.send")}
        </Button>
      </div>
    </Form>
  );
}

function StayCard({ conversation, answer }: { conversation: Opened; answer: ActionData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { stay, type } = conversation;
  const pendingRequest = type === "bookingRequest" && stay.status === "REQUESTED";
  const reasonAnswer = answer && "result" in answer ? answer : undefined;
  return (
    <section className="card stack stay-card" aria-labelledby="stay-title">
      <div className="stay-card__heading">
        <h2 id="stay-title">{t(`messages:types.${type}`)}</h2>
        {conversation.statusWords ? <StatusPill tone={conversation.statusWords.tone}>{conversation.statusWords.label}</StatusPill> : null}
      </div>
      {stay.booking?.cancelledAt ? <p className="muted">{t("bookings:detail.cancelledOn", { date: format.dateTime(stay.booking.cancelledAt) })}</p> : null}
      {pendingRequest && stay.expirationTime ? <p>{t("bookings:countdown.expiresAt", { time: format.dateTime(stay.expirationTime) })}</p> : null}
      <AnswerRefusal answer={reasonAnswer} />
      <dl className="stay-card__facts">
        <div>
          <dt>{t("messages:stay.code")}</dt>
          <dd className="booking-code">{stay.code}</dd>
        </div>
        {stay.checkIn && stay.checkOut ? (
          <div>
            <dt>{t("messages:stay.dates")}</dt>
            <dd>{t("bookings:dates", { from: format.date(stay.checkIn), to: format.date(stay.checkOut) })}</dd>
          </div>
        ) : null}
        {stay.guests ? (
          <div>
            <dt>{t("messages:stay.guests")}</dt>
            <dd>{t("bookings:guests", { count: stay.guests })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("messages:stay.unit")}</dt>
          <dd>{conversation.unit.title}</dd>
        </div>
        {conversation.guest.language ? (
          <div>
            <dt>{t("messages:stay.language")}</dt>
            <dd>{format.language(conversation.guest.language)}</dd>
          </div>
        ) : null}
        {conversation.guestMatch ? <GuestMatchFact match={conversation.guestMatch.match} /> : null}
      </dl>
      <p className="button-row">
        <Link to={stayHref(type, stay.id)}>{t(`messages:stay.open.${type}`)}</Link>
        {stay.bookingId ? <Link to={href("/booking-details/:id", { id: stay.bookingId })}>{t("messages:stay.open.booking")}</Link> : null}
      </p>
      {pendingRequest ? (
        <>
          <ConfirmForm label={t("messages:stay.confirmRequest")} />
          <details className="stay-card__reject" open={reasonAnswer?.intent === "reject" ? true : undefined}>
            <summary>{t("messages:stay.rejectRequest")}</summary>
            <ReasonForm
              id="reject-request"
              intent="reject"
              title={t("messages:stay.rejectRequest")}
              reasons={conversation.rejectReasons}
              reasonLabel={(reason) => t(`bookings:reasons.request.${reason}`)}
              submitLabel={t("messages:stay.reject")}
              answer={reasonAnswer}
            />
          </details>
        </>
      ) : null}
    </section>
  );
}

function ConversationPane({ conversation, status, filters, answer }: { conversation: Opened; status: ChannelStatus; filters: Filters; answer: ActionData }) {
  const { t } = useTranslation();
  return (
    <div className="conversation-pane stack">
      <Link to={inboxHref(status, filters)} className="conversation-pane__back">
        <Icon icon={icons.back} /> {t("messages:backToInbox")}
      </Link>
      <div className="conversation-pane__heading">
        <h1>{conversation.guest.fullName}</h1>
        <div className="button-row">
          <Form method="post">
            <input type="hidden" name="intent" value={conversation.favourite ? "unfavourite" : "favourite"} />
            <Button size="small" icon={icons.star} aria-pressed={conversation.favourite}>
              {t("messages:favourite")}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value={conversation.archived ? "unarchive" : "archive"} />
            <Button size="small" icon={icons.archive}>
              {conversation.archived ? t("messages:unarchive") : t("messages:archive")}
            </Button>
          </Form>
        </div>
      </div>
      <div className="conversation-pane__body">
        <div className="stack">
          <MessageList conversation={conversation} status={status} filters={filters} />
          <Composer conversation={conversation} filters={filters} answer={answer} />
        </div>
        <StayCard conversation={conversation} answer={answer} />
      </div>
    </div>
  );
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  const { status, filters, conversation } = loaderData;
  return <ConversationPane conversation={conversation} status={status} filters={filters} answer={actionData} />;
}
