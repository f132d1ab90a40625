import type { MatchLevel } from "@domain/guest-profile";
import { GuestProfileLink } from "~/components/guest-profile/guest-profile-link";
import { StatusPill, type PillTone } from "~/components/ui/status-pill";
import { useTranslation } from "~/lib/i18n";

/**
 * A stay's match against the host's ideal guest as a page shows it in a short list: its level and
 * how many of the `total` wishes the stay meets (`matchSummaryOf` in `guest-match.tsx` works it out
 * on the server, so that such a page carries no match rule in its JavaScript).
 */
export interface MatchSummary {
  level: MatchLevel;
  score: number;
  total: number;
}

const TONES: Record<MatchLevel, PillTone> = { potential: "neutral", nice: "info", good: "info", great: "success", best: "success" };

export function MatchPill({ level }: { level: MatchLevel }) {
  const { t } = useTranslation();
  return <StatusPill tone={TONES[level]}>{t(`guestProfile:match.levels.${level}`)}</StatusPill>;
}

/**
 * The match as a fact of a short list (the inbox's stay card): the level and how many wishes the
 * stay meets, or, before the host described an ideal guest (`match` null), a way to describe one.
 * Inside a `<dl>`; the page needs the `guestProfile` translations.
 */
export function GuestMatchFact({ match }: { match: MatchSummary | null }) {
  const { t } = useTranslation();
  return (
    <div className="guest-match-fact">
      <dt>{t("guestProfile:match.label")}</dt>
      <dd>
        {match ? (
          <>
            <MatchPill level={match.level} /> <span className="muted">{t("guestProfile:match.score", { score: match.score, total: match.total })}</span>
          </>
        ) : (
          <GuestProfileLink>{t("guestProfile:match.describeLink")}</GuestProfileLink>
        )}
      </dd>
    </div>
  );
}
