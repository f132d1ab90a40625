import { isMultiLineText } from "./text-rules";

/**
 * Messages between a host and a guest (§3 Conversation types, issue 15, decision 032): one
 * conversation per booking, booking request and inquiry. Pure rules, no I/O; the services in
 * `api/messaging` store only what these allow.
 */

/** §3 Conversation types: what a conversation belongs to. */
export const CONVERSATION_TYPES = ["booking", "bookingRequest", "bookingInquiry"] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

/** Who wrote a message: the host, the guest, or the product itself (a note such as "request confirmed"). */
export const MESSAGE_SENDERS = ["host", "guest", "system"] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/** The sides that read a conversation (a system message is nobody's to read). */
export type ConversationSide = "host" | "guest";

/** The longest message, in characters (UTF-16 code units, as the browser's `maxlength` counts). */
export const MESSAGE_MAX_LENGTH = 2000;

/** A client message id: what the sending client names a message by, so a resend is stored once. */
export const CLIENT_MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** How many characters of the last message the inbox shows. */
export const PREVIEW_LENGTH = 140;

/** The most messages one catch-up or page answers. */
export const MESSAGES_PAGE_MAX = 100;
export const MESSAGES_PAGE_DEFAULT = 30;

/** Inbox pages. */
export const CONVERSATIONS_PAGE_MAX = 50;
export const CONVERSATIONS_PAGE_DEFAULT = 20;

/** Saved replies: at most this many per host, titles and bodies this long. */
export const SAVED_REPLIES_MAX = 100;
export const SAVED_REPLY_TITLE_MAX = 80;
export const SAVED_REPLY_BODY_MAX = MESSAGE_MAX_LENGTH;

export type MessageTextProblem = "required" | "too_long" | "control_characters";

/**
 * Whether `text` may be sent. It is stored as written (not trimmed, not escaped: pages escape it
 * when they render it); a text of only spaces is empty, control characters other than line breaks
 * and tabs are refused (decision on text fields, `domain/text.ts`).
 */
export function messageTextProblem(text: string): MessageTextProblem | null {
  if (text.trim() === "") return "required";
  if (text.length > MESSAGE_MAX_LENGTH) return "too_long";
  if (!isMultiLineText(text)) return "control_characters";
  return null;
}

export function isClientMessageId(value: string): boolean {
  return CLIENT_MESSAGE_ID_PATTERN.test(value);
}

/** The inbox's one-line preview of a message: white space collapsed, cut at `PREVIEW_LENGTH` with an ellipsis. */
export function messagePreview(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= PREVIEW_LENGTH) return line;
  return `${line.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…`;
}

/**
 * What a new message does to the unread counts: the other side has one more to read; a system
 * message counts for nobody. A guest's message also brings an archived conversation back to the
 * host's inbox.
 */
export function unreadAfter(sender: MessageSender): { host: number; guest: number; unarchives: boolean } {
  if (sender === "guest") return { host: 1, guest: 0, unarchives: true };
  if (sender === "host") return { host: 0, guest: 1, unarchives: false };
  return { host: 0, guest: 0, unarchives: false };
}

// ---------------------------------------------------------------------------------------------
// System messages
// ---------------------------------------------------------------------------------------------

/**
 * What the product itself writes into a stay's conversation when the stay changes, in the batch of
 * the change (decision 032): both sides read it in their own language, so it is stored as the event
 * (a small JSON object in the message's text) and each page words it.
 */
export const SYSTEM_EVENTS = ["requestConfirmed", "requestRejected", "requestExpired", "inquiryConfirmed", "inquiryRejected", "bookingCancelled", "stayChanged"] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

export type SystemNote =
  | { event: Exclude<SystemEvent, "bookingCancelled" | "stayChanged"> }
  | { event: "bookingCancelled"; by: "host" | "guest" | null }
  | { event: "stayChanged"; checkIn: string; checkOut: string; guests: number };

export const systemMessageText = (note: SystemNote): string => JSON.stringify(note);

const isDay = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The event a system message's text holds; null for a text that is not one (shown as written). */
export function readSystemMessage(text: string): SystemNote | null {
  if (!text.startsWith("{")) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const note = value as Record<string, unknown>;
  const event = note.event as SystemEvent;
  if (!(SYSTEM_EVENTS as readonly unknown[]).includes(event)) return null;
  if (event === "bookingCancelled") return { event, by: note.by === "host" || note.by === "guest" ? note.by : null };
  if (event === "stayChanged") return isDay(note.checkIn) && isDay(note.checkOut) && Number.isInteger(note.guests) ? { event, checkIn: note.checkIn, checkOut: note.checkOut, guests: note.guests as number } : null;
  return { event } as SystemNote;
}

/** The client message id of a system message: one per event that happens once, one per change otherwise. */
export function systemClientMessageId(note: SystemNote, at: Date): string {
  return note.event === "stayChanged" ? `system-${note.event}-${at.getTime()}` : `system-${note.event}`;
}

// ---------------------------------------------------------------------------------------------
// Links in messages
// ---------------------------------------------------------------------------------------------

export type MessagePart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

// An address starts with http:// or https:// and runs to white space; trailing punctuation is not part of it.
const LINK = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"»”’]+$/;

/**
 * A message's text cut into plain text and links. Only http and https addresses become links (never
 * `javascript:` or `data:`, which stay text); the page renders every part as text (React escapes it)
 * and a link with `rel="noopener noreferrer nofollow ugc"`.
 */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = match[0];
    const address = raw.replace(TRAILING, "");
    const start = match.index;
    let href: string | null = null;
    try {
      const url = new URL(address);
      if (url.protocol === "http:" || url.protocol === "https:") href = url.href;
    } catch {
      href = null;
    }
    if (!href || !address) continue;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: address, href });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Saved replies
// ---------------------------------------------------------------------------------------------

/** The placeholders a saved reply may hold, filled from the conversation's stay when it is inserted. */
export const PLACEHOLDERS = ["guestFirstName", "checkIn", "checkOut", "unitName"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** How a placeholder is written in a reply: `{guestFirstName}`. */
export const placeholderToken = (placeholder: Placeholder) => `{${placeholder}}`;

export type PlaceholderValues = Record<Placeholder, string>;

/**
 * A saved reply with its placeholders filled. Tokens are matched exactly (`{checkIn}`); an unknown
 * one (`{price}`) or a stray brace stays as written, so nothing the host typed is lost.
 */
export function fillPlaceholders(body: string, values: PlaceholderValues): string {
  return body.replace(/\{([A-Za-z]+)\}/g, (token, name: string) => ((PLACEHOLDERS as readonly string[]).includes(name) ? values[name as Placeholder] : token));
}

/** The placeholders a body uses, in the order of `PLACEHOLDERS`. */
export function placeholdersIn(body: string): Placeholder[] {
  return PLACEHOLDERS.filter((placeholder) => body.includes(placeholderToken(placeholder)));
}

/** The reply inserted into a draft: after what is written already, separated by a blank line. */
export function insertIntoDraft(draft: string, reply: string): string {
  if (draft.trim() === "") return reply;
  return `${draft.replace(/\s+$/, "")}\n\n${reply}`;
}

// ---------------------------------------------------------------------------------------------
// The inbox
// ---------------------------------------------------------------------------------------------

/** `/messages/{channelStatus}`: the inbox (conversations not archived) or the archive. */
export const CHANNEL_STATUSES = ["all", "archived"] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

