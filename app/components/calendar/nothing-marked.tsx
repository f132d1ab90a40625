import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { calendarHref } from "./calendar-links";
import { useCalendar } from "./panel";

/** A panel that acts on marked days, while none are: how to mark them. */
export function NothingMarked() {
  const { t } = useTranslation();
  const { unitId, view } = useCalendar();
  return (
    <p className="muted">
      {t("calendarPanels:markFirst")} <Link to={calendarHref(unitId, view)}>{t("calendarPanels:backToCalendar")}</Link>
    </p>
  );
}
