import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link } from "react-router";
import type { LiveMessage, LiveSide } from "@contract/live-protocol";
import { MESSAGE_MAX_LENGTH, messageParts } from "@domain/messaging";
import { SystemMessageText } from "~/components/messages/system-message";
import { useErrorText } from "~/components/ui/form-errors";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { LiveChat, pendingState, type LiveChatState } from "~/lib/live-chat";
import { useHydrated } from "~/lib/use-hydrated";
import { useTypedDefault } from "~/components/ui/text-area";
import { useRootData } from "~/root";
import chatStylesheet from "./conversation.css?url";

/** Pages that show a conversation link this stylesheet (`links`). */
export const chatStyles = { rel: "stylesheet", href: chatStylesheet } as const;

export interface ConversationProps {
  side: LiveSide;
  conversationId: string;
  /** The messages the page rendered, oldest first. */
  messages: LiveMessage[];
  /** What each side is called in the list: the other side's name, and "You" for this side. */
  names: { host: string; guest: string };
  /** A page of this app that answers `{ token }` for this side's live socket. */
  tokenUrl: string;
  /** Where the composer posts without JavaScript (a route action that stores the message and redirects back). */
  formAction: string;
  /** The page again, showing what arrived since (the link that replaces live updates without JavaScript). */
  newerHref: string;
  /** A fresh client message id for the form without JavaScript: the same form sent twice is stored once. */
  clientMessageId: string;
  /** Errors of the last post without JavaScript, and what was typed. */
  formErrors?: string[];
  draft?: string;
  /** The seq after which messages are new to the reader (marked, and the link's anchor). */
  seenSeq?: number;
  /** The side was signed out while the page was open. */
  onSignedOut?: () => void;
}

/**
 * A conversation with its composer (decision 033): rendered on the server with its messages and a
 * form that posts; in the browser it opens the live socket, shows what arrives at once, and sends
 * through the socket (the form's post is the way without JavaScript).
 */
export function Conversation(props: ConversationProps) {
  const { t } = useTranslation();
  // The system's messages come from the brand the page is served under, by its name.
  const brand = useRootData()?.brand.name ?? "";
  const format = useFormat();
  const errorText = useErrorText();
  const hydrated = useHydrated();
  const [state, setState] = useState<LiveChatState>({ messages: props.messages, pending: [], status: "connecting" });
  const chat = useRef<LiveChat | null>(null);
  // What was typed while the page's scripts loaded is the draft (the text box is controlled).
  const typed = useTypedDefault("chat-text", props.draft ?? "");
  const [draft, setDraft] = useState(typed);
  const { onSignedOut } = props;

  useEffect(() => {
    const live = new LiveChat({ conversationId: props.conversationId, side: props.side, tokenUrl: props.tokenUrl, initial: props.messages, onChange: setState, onSignedOut });
    chat.current = live;
    setState(live.state);
    live.start();
    const online = () => live.reconnectNow();
    const offline = () => live.wentOffline();
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      live.stop();
      chat.current = null;
    };
    // One socket per conversation shown; new messages of the page's own (after a post) reach it through the socket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.conversationId, props.side, props.tokenUrl]);

  const lastSeq = state.messages.at(-1)?.seq ?? 0;
  const pendingCount = state.pending.length;
  useEffect(() => {
    if (state.status === "open" && document.visibilityState === "visible") chat.current?.markRead();
  }, [lastSeq, pendingCount, state.status]);

  function submit(event: FormEvent<HTMLFormElement>) {
    const live = chat.current;
    if (!live) return; // Not started: the form posts.
    event.preventDefault();
    if (draft.trim() === "") return;
    live.send(draft);
    setDraft("");
  }

  const live = hydrated && state.status === "open";
  const seen = props.seenSeq ?? lastSeq;
  const firstNew = state.messages.find((m) => m.seq > seen && m.sender !== props.side)?.seq;
  return (
    <section className="chat" aria-label={t("chat:title")} data-conversation-id={props.conversationId}>
      <p className={`chat__status chat__status--${hydrated ? state.status : "static"}`} role="status">
        {hydrated ? t(`chat:status.${state.status}`) : null}
      </p>
      {state.messages.length === 0 && state.pending.length === 0 ? <p className="chat__empty">{t("chat:empty")}</p> : null}
      <div role="log" aria-live="polite" aria-relevant="additions" aria-label={t("chat:messages")}>
      <ol className="chat__messages">
        {state.messages.map((message) => (
          <li key={message.seq} id={message.seq === firstNew ? "new" : undefined} className={`chat__message chat__message--${message.sender === props.side ? "own" : message.sender}`} data-testid="chat-message">
            {message.seq === firstNew ? <p className="chat__new">{t("chat:new")}</p> : null}
            <p className="chat__meta">
              <span className="chat__sender">{message.sender === props.side ? t("chat:you") : message.sender === "system" ? t("chat:system", { brand }) : props.names[message.sender]}</span>{" "}
              <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
            </p>
            {message.sender === "system" ? (
              <SystemMessageText text={message.text} className="chat__text" />
            ) : (
              <p className="chat__text">
                {messageParts(message.text).map((part, i) =>
                  part.kind === "link" ? (
                    <a key={i} href={part.href} rel="noopener noreferrer nofollow ugc" target="_blank">
                      {part.text}
                    </a>
                  ) : (
                    <span key={i}>{part.text}</span>
                  ),
                )}
              </p>
            )}
          </li>
        ))}
        {state.pending.map((message) => {
          const shown = pendingState(message, state.status);
          return (
            <li key={message.clientMessageId} className="chat__message chat__message--own chat__message--pending" data-testid="chat-pending" data-state={shown}>
              <p className="chat__meta">
                <span className="chat__sender">{t("chat:you")}</span> <span>{t(`chat:${shown}`)}</span>
              </p>
              <p className="chat__text">{message.text}</p>
              {shown === "refused" || shown === "failed" ? (
                <p className="chat__refused">
                  {message.refused ? `${message.refused.map(errorText).join(" ")} ` : null}
                  {shown === "failed" ? (
                    <button type="button" className="button button--small" onClick={() => chat.current?.retry(message.clientMessageId)}>
                      {t("chat:retry")}
                    </button>
                  ) : null}{" "}
                  <button type="button" className="button button--small button--ghost" onClick={() => chat.current?.discard(message.clientMessageId)}>
                    {t("chat:discard")}
                  </button>
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      </div>
      {live ? null : (
        <p className="chat__newer">
          <Link to={props.newerHref} reloadDocument>
            {t("chat:loadNewer")}
          </Link>
        </p>
      )}
      <Form method="post" action={props.formAction} className="chat__composer" onSubmit={submit} aria-label={t("chat:composer")}>
        <input type="hidden" name="clientMessageId" value={props.clientMessageId} />
        <input type="hidden" name="seen" value={lastSeq} />
        {props.formErrors?.length ? (
          <div className="form-errors" role="alert" id="chat-errors">
            {props.formErrors.map((error) => (
              <p key={error}>{errorText(error)}</p>
            ))}
          </div>
        ) : null}
        <label htmlFor="chat-text" className="chat__label">
          {t("chat:label")}
        </label>
        <textarea
          id="chat-text"
          name="text"
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH}
          required
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={props.formErrors?.length ? true : undefined}
          aria-describedby={props.formErrors?.length ? "chat-errors" : undefined}
        />
        <button type="submit" className="button button--primary">
          {t("chat:send")}
        </button>
      </Form>
    </section>
  );
}
