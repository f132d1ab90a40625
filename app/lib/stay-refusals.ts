import type { StayRefusal } from "@domain/quote";
import { stayRefusalMessage } from "@domain/stay-refusal-messages";
import type { TFunction } from "./i18n";

/**
 * The sentence that says why a stay is refused, in the page's language (the page declares the
 * `quote` namespace): `stayRefusalText(t, format.date, refusal)`.
 */
export function stayRefusalText(t: TFunction, formatDate: (date: string) => string, refusal: StayRefusal): string {
  const { key, count, date, dates } = stayRefusalMessage(refusal);
  return t(key, {
    ...(count === undefined ? {} : { count }),
    ...(date === undefined ? {} : { date: formatDate(date) }),
    ...(dates === undefined ? {} : { dates: dates.map(formatDate).join(", ") }),
  });
}
