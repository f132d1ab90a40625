import { receivesPayouts } from "./user-flags";

/**
 * The welcome tour (§1, §4): a welcome, the list of the six tutorials and each tutorial. Shown once,
 * until the host has seen it (the `welcomeTour` interaction), or always where the setting forces it.
 * Each tutorial is a few steps of text; a video shows only when its address is configured.
 */
export const TUTORIALS = ["welcome", "modifyPrices", "modifyAvailabilities", "editProperty", "manageSubscriptions", "accessProfile"] as const;
export type Tutorial = (typeof TUTORIALS)[number];

/** How many steps each tutorial's text has (`tour:tutorials.<id>.steps.<n>`). */
export const TUTORIAL_STEPS: Record<Tutorial, number> = {
  welcome: 3,
  modifyPrices: 3,
  modifyAvailabilities: 3,
  editProperty: 3,
  manageSubscriptions: 3,
  accessProfile: 2,
};

/**
 * The parts of a tutorial's text that speak of payouts (`summary`, `steps.<n>`), written again for a
 * host who receives none (`receivesPayouts`) under `tour:tutorials.<id>.withoutPayouts`.
 */
const PAYOUT_TEXTS: Partial<Record<Tutorial, readonly string[]>> = { accessProfile: ["summary", "steps.1"] };

/**
 * Tutorials about what only some hosts have, shown by the rule that shows it in the navigation:
 * subscriptions are there for a host on a subscription (a hybrid one too), as the unit's
 * Subscription sections are (visibleUnitSections).
 */
const TUTORIAL_FOR: Partial<Record<Tutorial, (host: { subscriptionApplicable: boolean }) => boolean>> = {
  manageSubscriptions: (host) => host.subscriptionApplicable,
};

/** The tutorials a host is shown, in the tour's order: a host on commission only is not shown how to manage subscriptions it has none of. */
export function tutorialsFor(host: { subscriptionApplicable: boolean }): Tutorial[] {
  return TUTORIALS.filter((tutorial) => TUTORIAL_FOR[tutorial]?.(host) ?? true);
}

/** The key of a part of a tutorial's text for the host: the text without payouts for a host who receives none. */
export function tutorialTextKey(tutorial: Tutorial, part: string, host: { commissionApplicable: boolean }): string {
  const withoutPayouts = !receivesPayouts(host) && (PAYOUT_TEXTS[tutorial]?.includes(part) ?? false);
  return `tour:tutorials.${tutorial}.${withoutPayouts ? "withoutPayouts." : ""}${part}`;
}

export function isTutorial(value: string): value is Tutorial {
  return (TUTORIALS as readonly string[]).includes(value);
}

/**
 * Whether the welcome tour opens by itself for a host: until seen, or always when forced. It is the
 * hosts' tour: a staff member's own account is not shown it (acting for a host, they see the host's).
 */
export function showsWelcomeTour(seen: boolean, forced: boolean, role: "host" | "staff" = "host"): boolean {
  if (role !== "host") return false;
  return forced || !seen;
}

/**
 * Configured video addresses, one per tutorial, as `welcome=https://…,modifyPrices=https://…`; only
 * https addresses count. An empty setting (the default) shows no video.
 */
export function tutorialVideos(setting: string | undefined): Partial<Record<Tutorial, string>> {
  const videos: Partial<Record<Tutorial, string>> = {};
  for (const entry of (setting ?? "").split(",")) {
    const at = entry.indexOf("=");
    const id = entry.slice(0, at).trim();
    const url = entry.slice(at + 1).trim();
    if (at > 0 && isTutorial(id) && /^https:\/\/[^\s"'<>]+$/.test(url)) videos[id] = url;
  }
  return videos;
}
