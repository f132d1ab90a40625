import { href } from "react-router";
import { CHANNEL_STATUSES, CONVERSATION_TYPES, type ChannelStatus, type ConversationType } from "@domain/messaging";
import type { ConversationListQueryInput } from "@contract/messaging";
import { pagePathname, withQuery } from "~/lib/pages";

/** The inbox's address and filters, shared by the list (`inbox.tsx`), the open conversation (`conversation.tsx`) and the shell's call that reads the list (`requireAuth`). */

export const isStatus = (value: string | undefined): value is ChannelStatus => (CHANNEL_STATUSES as readonly (string | undefined)[]).includes(value);
const isType = (value: string): value is ConversationType => (CONVERSATION_TYPES as readonly string[]).includes(value);

/** The inbox's filters as the page's query holds them; anything malformed is left out. */
export function filtersOf(url: URL) {
  const text = (name: string) => url.searchParams.get(name)?.trim().slice(0, 100) ?? "";
  const type = text("type");
  return {
    search: text("search"),
    unread: text("unread") === "1",
    favourite: text("favourite") === "1",
    type: isType(type) ? type : ("" as const),
    page: Math.min(Math.max(Number.parseInt(text("page"), 10) || 1, 1), 10_000),
  };
}
export type Filters = ReturnType<typeof filtersOf>;

export const isFiltered = (filters: Filters) => !!(filters.search || filters.unread || filters.favourite || filters.type);

/** The filters as a query, without their defaults. */
export function filterQuery(filters: Partial<Filters>): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.search) query.search = filters.search;
  if (filters.unread) query.unread = "1";
  if (filters.favourite) query.favourite = "1";
  if (filters.type) query.type = filters.type;
  if (filters.page && filters.page > 1) query.page = String(filters.page);
  return query;
}

/** The inbox (or archive) with these filters, and with `channelId` that conversation open beside it. */
export function inboxHref(status: ChannelStatus, filters: Partial<Filters>, channelId?: string) {
  const path = channelId ? href("/messages/:channelStatus/:channelId", { channelStatus: status, channelId }) : href("/messages/:channelStatus", { channelStatus: status });
  return withQuery(path, filterQuery(filters));
}

/** The list's query for GET messaging/conversations: the page's status and filters, and the conversation it opens (counted read). */
export function inboxListQuery(status: ChannelStatus, filters: Filters, opened?: string): ConversationListQueryInput {
  return {
    status,
    search: filters.search || undefined,
    unread: filters.unread ? "true" : undefined,
    favourite: filters.favourite ? "true" : undefined,
    type: filters.type || undefined,
    page: filters.page,
    opened,
  };
}

/** A list's query URL-encoded, as the shell's call takes it (`inbox`, `bookings`, `requests`, `inquiries`): values left out are not written, equal queries give equal texts. */
export function queryText(query: object): string {
  const entries = Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== null);
  return new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString();
}

const INBOX_PATH = /^\/messages\/(all|archived)(?:\/([A-Za-z0-9_-]{1,64}))?$/;

/**
 * The list a request for the inbox reads, for the shell's call to read it in the same batch
 * (decision 024): a GET of `/messages/{status}[/{conversationId}]` whose list route loads (a
 * navigation to another conversation may load only the conversation's route).
 */
export function inboxListOfRequest(url: URL): ConversationListQueryInput | undefined {
  const match = INBOX_PATH.exec(pagePathname(url));
  if (!match || !isStatus(match[1])) return undefined;
  const routes = url.searchParams.get("_routes");
  if (routes !== null && !routes.split(",").includes("routes/messages/inbox")) return undefined;
  return inboxListQuery(match[1], filtersOf(url), match[2]);
}
