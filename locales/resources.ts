import { resourcesOf } from "./resources-of";

export type { Resources } from "./resources-of";

// Every locale file is bundled on the server; a browser receives only the one it needs.
export const { resources, NAMESPACES } = resourcesOf(import.meta.glob<Record<string, unknown>>("./*/*.json", { eager: true, import: "default" }));
