import { href } from "react-router";
import { CHANNEL_STATUSES, CONVERSATION_TYPES, type ChannelStatus, type ConversationType } from "@domain/messaging";
import { withQuery } from "~/lib/pages";

/** The inbox's address and filters, shared by the list (`inbox.tsx`) and the open conversation (`conversation.tsx`). */

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
