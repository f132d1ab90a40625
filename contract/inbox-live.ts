/**
 * The host's inbox socket (issue 15, decision 032): the navigation's Inbox count follows new messages
 * while a page is open. Opened with the host's live token (`GET /api/app/messaging/token`); the server
 * sends the count when the socket opens and whenever it may have changed. Plain types: the browser imports this.
 */
export const INBOX_SOCKET_PATH = "/api/live/inbox/socket";

export const inboxSocketPath = (token: string) => `${INBOX_SOCKET_PATH}?${new URLSearchParams({ token })}`;

/** What the server sends: how many conversations of the inbox have messages the host has not read. */
export type InboxFrame = { type: "unread"; count: number };
