import { href } from "react-router";
import type { RowSelection } from "@domain/multi-calendar";
import { withQuery } from "~/lib/pages";

/** The multi-unit calendar's address: the first day shown, the page of units and the range marked on a row (all in the URL). */
export function multiCalendarHref({ start, page, selection }: { start: string | null; page: number; selection: RowSelection | null }) {
  const query: Record<string, string> = {};
  if (start) query.start = start;
  if (page > 1) query.page = String(page);
  if (selection) {
    query.unit = selection.unitId;
    query.from = selection.from;
    if (selection.to) query.to = selection.to;
  }
  return withQuery(href("/calendar"), query);
}
