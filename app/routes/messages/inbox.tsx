import { Form, href, Link, Outlet, useParams } from "react-router";
import type { Route } from "./+types/inbox";
import { CHANNEL_STATUSES, CONVERSATION_TYPES, type ChannelStatus } from "@domain/messaging";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { Icon } from "~/components/ui/icon";
import { Tabs } from "~/components/ui/tabs";
import { authContext } from "~/lib/auth.server";
import { systemMessageLine } from "~/components/messages/system-message";
import { formatDate, useFormat } from "~/lib/format";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { getLocale, serverT } from "~/lib/i18n.server";
import { filtersOf, inboxHref, inboxListQuery, isFiltered, isStatus, type Filters } from "~/lib/inbox-query";
import stylesheet from "~/components/messages/messages.css?url";

/**
 * The list's page carries no form errors; the open conversation (`conversation.tsx`, a child route)
 * does. `chat` words system messages (the last message's preview, the conversation's thread).
 */
export const handle: TranslationsHandle = { i18n: ["messages", "chat"], formErrors: false };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * The host's inbox (§2 Messages): `/messages/all` (not archived) and `/messages/archived`, filtered
 * by unread, favourite and type, searched by guest or code, 20 a page: one API call, one D1 batch.
 * `/messages/{status}/{channelId}` opens a conversation beside the list (the child route, alone on
 * phones); the list counts that one read, as opening it reads it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isStatus(params.channelStatus)) throw new Response(null, { status: 404 });
  const status = params.channelStatus;
  const filters = filtersOf(new URL(request.url));
  const opened = (params as { channelId?: string }).channelId;
  // Read with the shell's call, in its D1 batch (decision 024), unless this request has written.
  const inbox = await context.get(authContext).inbox(inboxListQuery(status, filters, opened));
  const t = serverT(context);
  const locale = getLocale(context);
  // A system message's preview is its event: worded here, so the list needs no `chat` texts.
  const preview = (last: { preview: string; sender: string }) => (last.sender === "system" ? systemMessageLine(last.preview, t, (day) => formatDate(day, locale)) : last.preview);
  return {
    title: t(status === "archived" ? "messages:archivedTitle" : "messages:title"),
    status,
    filters,
    // What the list shows of each conversation, and no more: the page carries it to the browser.
    items: inbox.items.map((item) => ({
      id: item.id,
      type: item.type,
      code: item.stay.code,
      checkIn: item.stay.checkIn,
      checkOut: item.stay.checkOut,
      unitTitle: item.unit.title,
      guestName: item.guest.fullName,
      favourite: item.favourite,
      unreadCount: item.id === opened ? 0 : item.unreadCount,
      lastMessage: item.lastMessage ? { preview: preview(item.lastMessage), sender: item.lastMessage.sender } : null,
      lastActivityAt: item.lastActivityAt,
    })),
    pagination: inbox.pagination,
    unreadConversations: inbox.unreadConversations,
  };
}

type Inbox = Route.ComponentProps["loaderData"];

function Filters({ status, filters }: { status: ChannelStatus; filters: Filters }) {
  const { t } = useTranslation();
  const filtered = isFiltered(filters);
  return (
    <Form method="get" action={href("/messages/:channelStatus", { channelStatus: status })} className="inbox-filters" aria-label={t("messages:filters.label")}>
      <div className="field inbox-filters__search">
        <label htmlFor="inbox-search">{t("messages:filters.search")}</label>
        <input id="inbox-search" name="search" type="search" defaultValue={filters.search} key={`search-${filters.search}`} aria-describedby="inbox-search-hint" />
        <p id="inbox-search-hint" className="field__hint">
          {t("messages:filters.searchHint")}
        </p>
      </div>
      <div className="field">
        <label htmlFor="inbox-type">{t("messages:filters.type")}</label>
        <select id="inbox-type" name="type" defaultValue={filters.type} key={`type-${filters.type}`}>
          <option value="">{t("messages:filters.allTypes")}</option>
          {CONVERSATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`messages:types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="inbox-filters__checks">
        <label className="choice">
          <input type="checkbox" name="unread" value="1" defaultChecked={filters.unread} key={`unread-${filters.unread}`} />
          {t("messages:filters.unread")}
        </label>
        <label className="choice">
          <input type="checkbox" name="favourite" value="1" defaultChecked={filters.favourite} key={`favourite-${filters.favourite}`} />
          {t("messages:filters.favourite")}
        </label>
      </div>
      <div className="button-row">
        <Button icon={icons.search}>{t("messages:filters.apply")}</Button>
        {filtered ? <Link to={inboxHref(status, {})}>{t("messages:filters.clear")}</Link> : null}
      </div>
    </Form>
  );
}

function ConversationList({ status, filters, inbox, openId }: { status: ChannelStatus; filters: Filters; inbox: Inbox; openId: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const filtered = isFiltered(filters);
  const pages = Math.max(1, Math.ceil(inbox.pagination.total / inbox.pagination.pageSize));
  if (!inbox.items.length) {
    return (
      <EmptyState icon={icons.inbox} action={filtered ? <Link to={inboxHref(status, {})}>{t("messages:filters.clear")}</Link> : undefined}>
        {filtered ? t("messages:empty.filtered") : t(status === "archived" ? "messages:empty.archived" : "messages:empty.inbox")}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="conversation-list" aria-label={t("messages:listLabel")}>
        {inbox.items.map((item) => {
          const current = item.id === openId;
          return (
            <li key={item.id}>
              <Link to={inboxHref(status, filters, item.id)} className={["conversation-item", current && "conversation-item--current", item.unreadCount > 0 && "conversation-item--unread"].filter(Boolean).join(" ")} aria-current={current ? "page" : undefined} data-conversation={item.id}>
                <span className="conversation-item__top">
                  <span className="conversation-item__name">{item.guestName}</span>
                  {item.favourite ? <Icon icon={icons.star} className="conversation-item__star" label={t("messages:favourite")} /> : null}
                  {item.unreadCount > 0 ? <span className="conversation-item__unread">{t("messages:unreadCount", { count: item.unreadCount })}</span> : null}
                </span>
                <span className="conversation-item__meta muted">
                  {t(`messages:types.${item.type}`)} · <span className="booking-code">{item.code}</span>
                  {item.checkIn && item.checkOut ? ` · ${t("messages:dates", { from: format.date(item.checkIn), to: format.date(item.checkOut) })}` : ""}
                </span>
                <span className="conversation-item__meta muted">{item.unitTitle}</span>
                <span className="conversation-item__preview">
                  {item.lastMessage ? (
                    <>
                      {item.lastMessage.sender === "host" ? <span className="muted">{t("messages:youPrefix")} </span> : null}
                      {item.lastMessage.preview}
                    </>
                  ) : (
                    <span className="muted">{t("messages:noMessagesYet")}</span>
                  )}
                </span>
                <span className="conversation-item__time muted">{format.dateTime(item.lastActivityAt)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {pages > 1 ? (
        <nav className="pagination" aria-label={t("commons.pagination")}>
          {inbox.pagination.current > 1 ? <Link to={inboxHref(status, { ...filters, page: inbox.pagination.current - 1 })}>{t("commons.previous")}</Link> : null}
          <span>{t("messages:pageOf", { page: inbox.pagination.current, pages })}</span>
          {inbox.pagination.next > inbox.pagination.current ? <Link to={inboxHref(status, { ...filters, page: inbox.pagination.next })}>{t("commons.next")}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}

export default function MessagesInbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const openId = useParams().channelId ?? null;
  const { status, filters } = loaderData;
  const tabs = CHANNEL_STATUSES.map((id) => ({ to: inboxHref(id, {}), label: t(`messages:tabs.${id}`) }));
  return (
    <div className={openId ? "page messages messages--open" : "page messages"}>
      <div className="messages__list stack">
        <div className="page-heading">
          {openId ? <p className="messages__title">{t("messages:title")}</p> : <h1>{t(status === "archived" ? "messages:archivedTitle" : "messages:title")}</h1>}
          <Link to={href("/messages/saved-replies")}>{t("messages:savedReplies.link")}</Link>
        </div>
        <Tabs label={t("messages:tabs.label")} tabs={tabs} />
        <p className="muted" role="status">
          {t("messages:unreadConversations", { count: loaderData.unreadConversations })}
        </p>
        <Filters status={status} filters={filters} />
        <ConversationList status={status} filters={filters} inbox={loaderData} openId={openId} />
      </div>
      {openId ? (
        <Outlet />
      ) : (
        <div className="messages__placeholder">
          <EmptyState icon={icons.inbox}>{t("messages:choose")}</EmptyState>
        </div>
      )}
    </div>
  );
}
