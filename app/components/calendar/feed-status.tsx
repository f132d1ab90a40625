import type { IcalFeed } from "@contract/ical";
import { StatusPill } from "~/components/ui/status-pill";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";

const TONES = { ok: "success", failing: "error", pending: "neutral" } as const;

/** An imported calendar's state and its last sync (the sync and import panels show it, `calendarPanels` texts). */
export function FeedStatus({ feed }: { feed: IcalFeed }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      <StatusPill tone={TONES[feed.status]}>{t(`calendarPanels:ical.status.${feed.status}`)}</StatusPill>{" "}
      <span className="muted">{feed.lastSyncAt ? t("calendarPanels:ical.lastSync", { time: format.dateTime(feed.lastSyncAt) }) : t("calendarPanels:ical.never")}</span>
    </>
  );
}
