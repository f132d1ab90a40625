import type { ReactNode } from "react";
import { NavLink } from "react-router";

export interface Tab {
  to: string;
  /** The section's name, with what the page shows beside it (a count). */
  label: ReactNode;
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
