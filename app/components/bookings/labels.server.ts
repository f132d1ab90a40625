import type { RouterContextProvider } from "react-router";
import { serverT } from "~/lib/i18n.server";

/**
 * The names of the extra charges a price breakdown lists, in the page's language: translated on the
 * server, so that a page sends the few names it shows rather than the list of every service.
 */
export function serviceLabels(context: Readonly<RouterContextProvider>, breakdown: { extraCharges: readonly { type: string }[] } | null | undefined): Record<string, string> {
  const t = serverT(context);
  return Object.fromEntries((breakdown?.extraCharges ?? []).map((charge) => [charge.type, t(`services.${charge.type}`, { ns: "configuration" })]));
}
