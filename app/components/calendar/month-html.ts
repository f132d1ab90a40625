import { isSelected, monthWeeks, selectionAfterClick, weekBars, type DayState } from "@domain/calendar-month";
import { escapeHtml } from "~/lib/html";
import type { GridEvent, MonthInput } from "./month-input";

/**
 * A month's week rows as HTML, as the server writes them (§2 Calendar): a cell per day with its
 * date, price and state, the events as bars across their nights, and (from today on) the link that
 * marks the day: the first the start, the next the end, without JavaScript. A page of two months has
 * 60-odd cells of six elements each and the year view 365: one string per week costs the server a
 * fraction of what as many React elements cost (decision 031, as the calendar of all units' rows,
 * decision 030). The browser draws the same cells as elements (`MonthWeekRows`, attribute for
 * attribute, so that the page hydrates; a test holds them equal) and does not load this writer.
 * Every text is escaped. Each row has its first day as its key.
 */
export function monthRowsHtml({ month, byDate, selection, today, events, compact, dayHref, eventHref, texts, formats }: MonthInput): { key: string; html: string }[] {
  const states = Object.fromEntries(Object.entries(texts.states).map(([state, text]) => [state, escapeHtml(text)])) as Record<DayState, string>;
  const todayText = escapeHtml(texts.today);
  const selectedText = escapeHtml(texts.selected);
  // A month's days mostly share a few prices: each is formatted (and escaped) once, not once per cell.
  const prices = new Map<number, [money: string, whole: string]>();
  const priceTexts = (amount: number) => {
    let text = prices.get(amount);
    if (!text) prices.set(amount, (text = [escapeHtml(formats.money(amount)), escapeHtml(formats.whole(amount))]));
    return text;
  };
  const named = new Map<GridEvent, string>();
  const nameOf = (event: GridEvent) => {
    let text = named.get(event);
    if (text === undefined) named.set(event, (text = escapeHtml(texts.named(event))));
    return text;
  };
  // An event's bar is drawn in each week it covers: its link and words are written once.
  const barTexts = new Map<GridEvent, string>();
  const barOf = (event: GridEvent) => {
    let text = barTexts.get(event);
    if (text === undefined) barTexts.set(event, (text = `href="${escapeHtml(eventHref(event))}" aria-label="${nameOf(event)}, ${escapeHtml(texts.nights(event))}">${escapeHtml(texts.label(event))}</a>`));
    return text;
  };
  return monthWeeks(month).map((week) => {
    const bars = compact ? [] : weekBars(week, events);
    let html = "";
    for (let i = 0; i < week.length; i++) {
      const date = week[i];
      if (!date) {
        html += '<td class="cal-day cal-day--outside"></td>';
        continue;
      }
      const info = byDate.get(date);
      const state = info?.state ?? "noPrice";
      const selected = isSelected(selection, date);
      const past = date < today;
      const isToday = date === today;
      const covering = bars.filter((b) => b.start <= i && i < b.start + b.span);
      let className = `cal-day cal-day--${state}`;
      if (selected) className += " cal-day--selected";
      if (isToday) className += " cal-day--today";
      if (past) className += " cal-day--past";
      if (covering.length > 0) className += " cal-day--barred";
      const [price, whole] = info?.price == null ? ["–", null] : priceTexts(info.price);
      let described = escapeHtml(formats.date(date));
      if (isToday) described += `, ${todayText}`;
      if (selected) described += `, ${selectedText}`;
      for (const b of covering) described += `, ${nameOf(b.event)}`;
      const day = Number(date.slice(8));
      // A past day says its date (and its state by colour): it cannot be marked or changed.
      const content =
        compact || past
          ? `<span class="cal-day__date" aria-hidden="true">${day}</span><span class="visually-hidden">${past ? described : `${described}, ${price}, ${states[state]}`}</span>`
          : `<span class="cal-day__date">${day}</span><span class="cal-day__price">${price}</span>${whole === null ? "" : `<span class="cal-day__short" aria-hidden="true">${whole}</span>`}<span class="cal-day__state">${states[state]}</span><span class="visually-hidden">${described}</span>`;
      html += `<td class="${className}">`;
      html += past
        ? `<span class="cal-day__inner">${content}</span>`
        : `<a class="cal-day__inner" href="${escapeHtml(dayHref(selectionAfterClick(selection, date)))}"${isToday ? ' aria-current="date"' : ""}>${content}</a>`;
      for (const b of covering) {
        if (b.start !== i) continue;
        const kind = b.event.kind === "pause" ? "pause" : b.event.source;
        html += `<a class="cal-bar cal-bar--${escapeHtml(kind)}${b.first ? " cal-bar--first" : ""}${b.last ? " cal-bar--last" : ""}" style="--span:${b.span};--lane:${b.lane}" ${barOf(b.event)}`;
      }
      html += "</td>";
    }
    return { key: week.find(Boolean)!, html };
  });
}
