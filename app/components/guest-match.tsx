import { Fragment } from "react";
import type { IdealGuest } from "@contract/home";
import { daysBetween } from "@domain/days";
import {
  bookingTimeOf,
  GUEST_PROFILE_CHOICE_STEPS,
  groupSizeOf,
  matchOf,
  NO_LANGUAGE_PREFERENCE,
  startOfStayOf,
  stayDurationOf,
  type GuestProfileChoiceStep,
  type Match,
} from "@domain/guest-profile";
import { MatchPill, type MatchSummary } from "~/components/guest-match-fact";
import { GuestProfileLink } from "~/components/guest-profile/guest-profile-link";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";

/** What a request, inquiry or booking tells of its stay and its guest. */
export interface StayOfGuest {
  /** When the guest asked (or booked). */
  createdAt: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  /** The guest's language (a product locale), null when not known. */
  language: string | null;
}

/** The day the guest asked, as the API keeps it (UTC): how far ahead of the stay they booked. */
const askedOnOf = (stay: StayOfGuest) => stay.createdAt.slice(0, 10);

/** The stay's match against the host's ideal guest (the rule of `domain/guest-profile.ts`). */
function matchOfStay(idealGuest: NonNullable<IdealGuest>, stay: StayOfGuest): Match {
  return matchOf(idealGuest, { askedOn: askedOnOf(stay), checkIn: stay.checkIn, checkOut: stay.checkOut, guests: stay.guests, language: stay.language });
}

/** The stay's match in short (`GuestMatchFact` of `guest-match-fact.tsx`), null before the host described an ideal guest. */
export function matchSummaryOf(idealGuest: IdealGuest, stay: StayOfGuest): MatchSummary | null {
  if (!idealGuest) return null;
  const { level, score } = matchOfStay(idealGuest, stay);
  return { level, score, total: GUEST_PROFILE_CHOICE_STEPS.length };
}

/**
 * How well the guest of a request or inquiry matches the host's ideal guest (§2 Guest): the level
 * of the six, and for each of the five wishes what this stay is and whether it matches. Before the
 * host described an ideal guest, a way to describe one. The page needs the `guestProfile` translations.
 */
export function GuestMatch({ idealGuest, stay, kind }: { idealGuest: IdealGuest; stay: StayOfGuest; kind: "request" | "inquiry" }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!idealGuest) {
    return (
      <section className="card stack guest-match" aria-labelledby="guest-match-title">
        <h2 id="guest-match-title">{t("guestProfile:match.label")}</h2>
        <p>{t(`guestProfile:match.describe.${kind}`)}</p>
        <p>
          <GuestProfileLink>{t("guestProfile:match.describeLink")}</GuestProfileLink>
        </p>
      </section>
    );
  }
  const askedOn = askedOnOf(stay);
  const match = matchOfStay(idealGuest, stay);
  const valueOf: Record<GuestProfileChoiceStep, string> = {
    bookingTimes: t(`guestProfile:options.bookingTimes.${bookingTimeOf(askedOn, stay.checkIn)}`),
    stayDurations: t(`guestProfile:options.stayDurations.${stayDurationOf(daysBetween(stay.checkIn, stay.checkOut))}`),
    startOfStay: t(`guestProfile:options.startOfStay.${startOfStayOf(stay.checkIn)}`),
    groupSizes: t(`guestProfile:options.groupSizes.${groupSizeOf(stay.guests)}`),
    language: stay.language
      ? format.language(stay.language)
      : idealGuest.language === null || idealGuest.language === NO_LANGUAGE_PREFERENCE
        ? t("guestProfile:options.language.none")
        : t("guestProfile:match.languageUnknown"),
  };
  return (
    <section className="card stack guest-match" aria-labelledby="guest-match-title">
      <div className="guest-match__head">
        <h2 id="guest-match-title">{t("guestProfile:match.label")}</h2>
        <MatchPill level={match.level} />
      </div>
      <p>{t("guestProfile:match.score", { score: match.score, total: GUEST_PROFILE_CHOICE_STEPS.length })}</p>
      <dl className="facts">
        {GUEST_PROFILE_CHOICE_STEPS.map((step) => (
          <Fragment key={step}>
            <dt>{t(`guestProfile:steps.${step}.short`)}</dt>
            <dd data-met={match.met.includes(step)}>
              {valueOf[step]} · <strong>{t(match.met.includes(step) ? "guestProfile:match.met" : "guestProfile:match.notMet")}</strong>
            </dd>
          </Fragment>
        ))}
      </dl>
      <p>
        <GuestProfileLink step="confirmation">{t("guestProfile:match.change")}</GuestProfileLink>
      </p>
    </section>
  );
}
