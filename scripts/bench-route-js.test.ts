import { describe, expect, it } from "vitest";
import { pagesOf } from "./bench-route-js";

describe("every route's first-load scripts", () => {
  const manifest = {
    entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
    routes: {
      root: { id: "root", module: "/assets/root.js", imports: ["/assets/i18n.js"] },
      shell: { id: "shell", parentId: "root", module: "/assets/shell.js", imports: ["/assets/header.js"] },
      home: { id: "home", parentId: "shell", path: "home", module: "/assets/home.js" },
      unit: { id: "unit", parentId: "shell", path: "calendar/:unitId", module: "/assets/unit.js", imports: ["/assets/grid.js"] },
      overview: { id: "overview", parentId: "unit", index: true, module: "/assets/overview.js" },
      sync: { id: "sync", parentId: "unit", path: "sync", module: "/assets/sync.js", imports: ["/assets/grid.js"] },
      tour: { id: "tour", parentId: "shell", path: "tour", module: "/assets/tour.js" },
      tutorial: { id: "tutorial", parentId: "tour", path: "tutorials/:id", module: "/assets/tutorial.js" },
    },
  };
  const pages = new Map(pagesOf(manifest).map((page) => [page.routeId, page.scripts]));

  it("counts the entry, then each matched route's module and imports from the root down, each file once", () => {
    expect(pages.get("sync")).toEqual(["/assets/entry.js", "/assets/react.js", "/assets/root.js", "/assets/i18n.js", "/assets/shell.js", "/assets/header.js", "/assets/unit.js", "/assets/grid.js", "/assets/sync.js"]);
  });

  it("counts a layout through its index route, a layout without one as a page of its own, and never a pathless layout alone", () => {
    expect([...pages.keys()].sort()).toEqual(["home", "overview", "sync", "tour", "tutorial"]);
    expect(pages.get("overview")).toContain("/assets/unit.js");
  });
});
