import { Link } from "react-router";
import { panelHref } from "~/components/calendar/calendar-links";
import { Panel, useCalendar } from "~/components/calendar/panel";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { CALENDAR_PANELS } from "~/routes/calendar/panel-files";

export const handle: TranslationsHandle = { i18n: ["calendarPanels"] };

/**
 * The actions panel (§2): everything the calendar can do, one link each, from the panels' entries
 * (`panel-files.ts`): a panel added there is offered here. Those acting on marked days say so until
 * days are marked.
 */
export default function ActionsPanel() {
  const { t } = useTranslation();
  const { unitId, view, marked } = useCalendar();
  return (
    <Panel id="calendar-actions" title={t("calendar:panel.actions")}>
      <ul className="cal-actions">
        {CALENDAR_PANELS.filter((p) => p.menu !== "none" && p.path !== "actions").map((p) => (
          <li key={p.path}>
            <Link to={panelHref(unitId, p.path, view)}>{t(p.label)}</Link>
            {p.menu === "selection" && !marked ? <span className="muted"> · {t("calendarPanels:actions.markFirst")}</span> : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
