import { DEFAULT_LOCALE } from "@domain/locales";
import type { Tutorial } from "@domain/tour";
import made from "./tour-pictures.json";

/** The locales whose set of pictures scripts/tour-pictures.ts made (public/tour/{locale}/), English among them. */
export const PICTURE_LOCALES: readonly string[] = made.locales;

/**
 * The picture of the real screen a tutorial is about, in the host's language where its set was made,
 * else the English one.
 */
export function tutorialPicture(tutorial: Tutorial, locale: string, locales: readonly string[] = PICTURE_LOCALES): string {
  return `/tour/${locales.includes(locale) ? locale : DEFAULT_LOCALE}/${tutorial}.webp`;
}
