import { describe, expect, it } from "vitest";
import { ALWAYS, chunkGroupOf, routeGroupName, type ModuleGraph, type RouteManifestEntry } from "./client-chunks";

const APP = "/repo/app/";
const ENTRY = `${APP}entry.client.tsx`;
const Q = "?__react-router-build-client-route";

// root > shell > (home, calendar/unit > (panels/sync, panels/export)); root > stays; root > not-found
const routes: Record<string, RouteManifestEntry> = {
  root: { file: "root.tsx" },
  shell: { parentId: "root", file: "routes/shell.tsx" },
  home: { parentId: "shell", file: "routes/home.tsx" },
  unit: { parentId: "shell", file: "routes/calendar/unit.tsx" },
  sync: { parentId: "unit", file: "routes/calendar/panels/sync.tsx" },
  export: { parentId: "unit", file: "routes/calendar/panels/export.tsx" },
  stays: { parentId: "root", file: "routes/stays.tsx" },
  notFound: { parentId: "root", file: "routes/not-found.tsx" },
};

/** A module graph from "importer → imported" edges (`lazy` for a dynamic import); every route file has its client entry. */
function graph(edges: [string, string, "lazy"?][]): ModuleGraph {
  const modules = new Map<string, { importers: string[]; dynamicImporters: string[] }>();
  const node = (id: string) => {
    let info = modules.get(id);
    if (!info) modules.set(id, (info = { importers: [], dynamicImporters: [] }));
    return info;
  };
  for (const file of ["root.tsx", "routes/shell.tsx", "routes/home.tsx", "routes/calendar/unit.tsx", "routes/calendar/panels/sync.tsx", "routes/calendar/panels/export.tsx", "routes/stays.tsx", "routes/not-found.tsx"]) {
    node(APP + file + Q);
    node(APP + file).importers.push(APP + file + Q);
  }
  for (const [from, to, lazy] of edges) (lazy ? node(to).dynamicImporters : node(to).importers).push(from);
  return { getModuleInfo: (id) => modules.get(id) ?? null };
}

const m = (path: string) => (path.startsWith("/") ? path : APP + path);
const groupOf = chunkGroupOf(APP, ENTRY, routes);

describe("client chunks", () => {
  const modules = graph([
    [ENTRY, m("/repo/node_modules/react-dom/client.js")],
    [m("root.tsx"), m("lib/i18n.ts")],
    [m("routes/shell.tsx"), m("root.tsx")],
    // The shell's header, one of its parts also used by a page in it.
    [m("routes/shell.tsx"), m("components/shell/header.tsx")],
    [m("components/shell/header.tsx"), m("components/ui/badge.tsx")],
    [m("routes/home.tsx"), m("components/ui/badge.tsx")],
    // The calendar's grid, used by the unit calendar and one of its panels.
    [m("routes/calendar/unit.tsx"), m("components/calendar/grid.tsx")],
    [m("routes/calendar/panels/sync.tsx"), m("components/calendar/grid.tsx")],
    // Used by a panel and a public page: neither lies under the other.
    [m("routes/calendar/panels/sync.tsx"), m("lib/format.ts")],
    [m("routes/stays.tsx"), m("lib/format.ts")],
    // Used by the shell and by a public page.
    [m("components/shell/header.tsx"), m("components/ui/icon.tsx")],
    [m("routes/stays.tsx"), m("components/ui/icon.tsx")],
    // Loaded lazily by the shell only.
    [m("components/shell/header.tsx"), m("components/messages/socket.ts"), "lazy"],
    // Used by two panels, not by the unit calendar itself.
    [m("routes/calendar/panels/sync.tsx"), m("components/calendar/panel.tsx")],
    [m("routes/calendar/panels/export.tsx"), m("components/calendar/panel.tsx")],
    // The signed-in 404 loads the shell lazily.
    [m("routes/not-found.tsx"), m("routes/shell.tsx"), "lazy"],
  ]);

  it("puts what the client entry and the root need in the chunk every page loads", () => {
    expect(groupOf(m("/repo/node_modules/react-dom/client.js"), modules)).toBe(ALWAYS);
    expect(groupOf(m("lib/i18n.ts"), modules)).toBe(ALWAYS);
    // The root's module, imported by the shell too.
    expect(groupOf(m("root.tsx"), modules)).toBe(ALWAYS);
  });

  it("puts a module with the highest route that needs it when every other user is nested in that route", () => {
    expect(groupOf(m("components/shell/header.tsx"), modules)).toBe(routeGroupName("routes/shell.tsx"));
    expect(groupOf(m("components/ui/badge.tsx"), modules)).toBe("route-routes-shell");
    expect(groupOf(m("components/calendar/grid.tsx"), modules)).toBe("route-routes-calendar-unit");
    // The shell's module goes with it: the signed-in 404 that imports it lazily loads all it needs.
    expect(groupOf(m("routes/shell.tsx"), modules)).toBe("route-routes-shell");
  });

  it("leaves to the automatic chunking what a page outside the route needs, what only a lazy import loads, and what the route itself does not need", () => {
    expect(groupOf(m("lib/format.ts"), modules)).toBeNull();
    expect(groupOf(m("components/ui/icon.tsx"), modules)).toBeNull();
    expect(groupOf(m("components/messages/socket.ts"), modules)).toBeNull();
    expect(groupOf(m("components/calendar/panel.tsx"), modules)).toBeNull();
  });

  it("puts a route's client entry and its module in the route's group, the root's module with the client entry", () => {
    expect(groupOf(m("routes/home.tsx") + Q, modules)).toBe("route-routes-home");
    expect(groupOf(m("routes/home.tsx"), modules)).toBe("route-routes-home");
    expect(groupOf(m("routes/calendar/unit.tsx") + Q, modules)).toBe("route-routes-calendar-unit");
    expect(groupOf(m("routes/calendar/unit.tsx"), modules)).toBe(groupOf(m("components/calendar/grid.tsx"), modules));
    expect(groupOf(m("routes/shell.tsx") + Q, modules)).toBe(groupOf(m("routes/shell.tsx"), modules));
    // A chunk holds one entry: the root's client entry stays beside the client entry's chunk.
    expect(groupOf(m("root.tsx") + Q, modules)).toBeNull();
  });

  it("names a route's chunk by its file in one path segment", () => {
    expect(routeGroupName("routes/calendar/panels/event.tsx")).toBe("route-routes-calendar-panels-event");
  });
});
