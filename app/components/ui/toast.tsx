import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { useLocation } from "react-router";
import type { FlashMessage } from "~/lib/flash";
import { useHydrated } from "~/lib/use-hydrated";
import { Icon } from "./icon";
import * as icons from "~/components/ui/icons";

const VISIBLE_MS = 6000;


/**
 * The flash message of the last redirect. Without JavaScript it is simply shown on the page it
 * arrived with; with JavaScript it can be closed, and it leaves after a few seconds or when the
 * host moves to another page.
 */
export function Toast({ message }: { message: FlashMessage | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [arrival, setArrival] = useState(message ? { id: message.id, at: location.key } : null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const hydrated = useHydrated();
  // A message that arrives with a revalidation belongs to the page it arrived on.
  if (message && arrival?.id !== message.id) setArrival({ id: message.id, at: location.key });
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setDismissed(message.id), VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  if (!message || dismissed === message.id || arrival?.id !== message.id || arrival.at !== location.key) return null;
  return (
    <div className={`toast toast--${message.kind}`} role={message.kind === "error" ? "alert" : "status"}>
      <Icon icon={message.kind === "error" ? icons.error : icons.success} />
      <span>{t(message.key)}</span>
      {hydrated ? (
        <button type="button" className="toast__close" onClick={() => setDismissed(message.id)} aria-label={t("dialog.close")}>
          <Icon icon={icons.close} />
        </button>
      ) : null}
    </div>
  );
}
