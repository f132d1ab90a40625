import { NavLink } from "react-router";
import { useFormat } from "~/lib/format";

export interface Tab {
  to: string;
  label: string;
  /** How many the section holds, shown beside its name; `attention`: they wait for the user (shown in the warning colour while any do). */
  count?: number;
  attention?: boolean;
}

/** Sections of one page as links (a page each, with or without JavaScript); the current one is marked. */
export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  const format = useFormat();
  return (
    <nav aria-label={label} className="tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} className={({ isActive }) => (isActive ? "tabs__link tabs__link--active" : "tabs__link")}>
              {tab.label}
              {tab.count === undefined ? null : <span className={tab.attention && tab.count > 0 ? "tabs__count tabs__count--attention" : "tabs__count"}> {format.number(tab.count)}</span>}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
