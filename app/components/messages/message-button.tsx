import { Form, href } from "react-router";
import type { ConversationType } from "@domain/messaging";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";

/**
 * "Message" on a booking, request or inquiry (its page, the calendar's card): a form that opens the
 * stay's conversation (made when none exists) and leads to it. A real form, so it works without
 * JavaScript; the label is in `common` so that any page can show it.
 */
export function MessageGuestButton({ type, stayId, size = "medium" }: { type: ConversationType; stayId: string; size?: "small" | "medium" }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={href("/messages/open")} className="message-guest">
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="id" value={stayId} />
      <button type="submit" className={buttonClass({ size })}>
        {t("messaging.messageGuest")}
      </button>
    </Form>
  );
}
