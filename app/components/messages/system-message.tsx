import { readSystemMessage, type SystemNote } from "@domain/messaging";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The `chat:events` key of a system message's note. */
function eventKey(note: SystemNote): string {
  if (note.event === "bookingCancelled") return note.by === "host" ? "chat:events.bookingCancelledByHost" : note.by === "guest" ? "chat:events.bookingCancelledByGuest" : "chat:events.bookingCancelled";
  return `chat:events.${note.event}`;
}

/**
 * A system message (decision 032: the event, stored as JSON) in the reader's language, from a page's
 * `t` and date format (the `chat` namespace). A text that holds no event is shown as written.
 */
export function systemMessageLine(text: string, t: Translate, date: (day: string) => string): string {
  const note = readSystemMessage(text);
  if (!note) return text;
  if (note.event === "stayChanged") return t(eventKey(note), { from: date(note.checkIn), to: date(note.checkOut), guests: note.guests });
  return t(eventKey(note));
}

/** A system message's text, for the host's conversation and the guest's chat. */
export function SystemMessageText({ text, className = "message__text" }: { text: string; className?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return <p className={className}>{systemMessageLine(text, t as Translate, (day) => format.date(day))}</p>;
}
