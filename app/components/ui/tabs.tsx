import { NavLink } from "react-router";

export interface Tab {
  to: string;
  label: string;
}

/** Sections of one page as links (a page each, with or without JavaScript); the current one is marked. */
export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav aria-label={label} className="tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} className={({ isActive }) => (isActive ? "tabs__link tabs__link--active" : "tabs__link")}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
