import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * The click handler of a page's plain links (the unit calendar's units, paging, panels and footer;
 * the insights' tabs and unit selector): with JavaScript the router follows them without a page
 * load, as a router `<Link>` does (a link to the page shown replaces it in the history; a new tab or window with
 * a modifier key stays the browser's). A `<Link>` runs several hooks on the server for each link;
 * this is one hook per component. On an element around links (a list written as one string), it follows
 * the link clicked within it. The links carry `data-discover` as `<Link>`s do, so the router
 * learns their routes before they are followed. `preventScrollReset`: the page keeps its scroll;
 * `state`: the history entry's state, which the page it leads to reads (`useLocation().state`).
 */
export function useFollowLink({ preventScrollReset = false, state }: { preventScrollReset?: boolean; state?: unknown } = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // On a link itself, or on a list of links written as markup (the click's link within it).
    const link = event.currentTarget instanceof HTMLAnchorElement ? event.currentTarget : (event.target as Element).closest("a");
    if (!link || !event.currentTarget.contains(link)) return;
    if (link.target || link.hasAttribute("download") || link.origin !== window.location.origin) return;
    event.preventDefault();
    const to = link.pathname + link.search;
    void navigate(to, { preventScrollReset, replace: to === location.pathname + location.search, state });
  };
}

/** A page's click handler of its plain links (`useFollowLink`), as components that render such links take it. */
export type FollowLink = ReturnType<typeof useFollowLink>;
