import { Button } from "~/components/ui/button";
import { useErrorText } from "~/components/ui/form-errors";
import { useTranslation } from "~/lib/i18n";
import { pendingState } from "~/lib/live-chat-pending";
import type { HostChat } from "./live-source";
import { MessageText } from "./message-text";

/**
 * What the host sent with JavaScript and the server has not stored yet, shown at once: sending,
 * waiting for the connection (sent once it is back), failed (with a retry) or refused (with why).
 * Only the live chat's client sends such messages, so this list comes with it (`live-source.ts`
 * loads both together after hydration), not with the conversation page's first load.
 */
export function PendingList({ chat }: { chat: HostChat }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (!chat.state.pending.length) return null;
  return (
    <ol className="pending-list" aria-label={t("messages:pending.label")}>
      {chat.state.pending.map((message) => {
        const state = pendingState(message, chat.state.status);
        return (
          <li key={message.clientMessageId} className={`message message--host message--pending message--${state}`} data-testid="pending-message" data-state={state}>
            <p className="message__sender">{t("messages:you")}</p>
            <MessageText text={message.text} />
            <p className="message__time">
              <span className={state === "failed" || state === "refused" ? "message__problem" : "muted"}>{t(`messages:pending.${state}`)}</span>
              {message.refused ? <span className="message__problem"> {message.refused.map(errorText).join(" ")}</span> : null}
            </p>
            {state === "failed" || state === "refused" ? (
              <p className="button-row">
                {state === "failed" ? (
                  <Button size="small" type="button" onClick={() => chat.retry(message.clientMessageId)}>
                    {t("messages:pending.retry")}
                  </Button>
                ) : null}
                <Button size="small" variant="ghost" type="button" onClick={() => chat.discard(message.clientMessageId)}>
                  {t("messages:pending.discard")}
                </Button>
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
