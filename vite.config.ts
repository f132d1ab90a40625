import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { clientChunks } from "./scripts/client-chunks.ts";
import { partialManifestCache } from "./scripts/partial-manifest-cache.ts";
import { reactMarkupWrites } from "./scripts/react-markup-writes.ts";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // End-to-end tests keep their own local database next to the development one.
      persistState: process.env.LOCAL_STATE_DIR ? { path: process.env.LOCAL_STATE_DIR } : true,
      // A server on another port (tests, benchmark) is its own canonical origin: tokens are bound to it.
      // MAP_TILE_URL from the environment shows the map under the wizard's pin (the e2e tests serve their own tiles).
      // A server on PORT (e2e, benchmark) gets the inspector port PORT + 5000, as scripts/e2e-server.ts gives
      // its Workers: the default (the first free port from 9229) raced between runs started side by side.
      inspectorPort: process.env.PORT ? Number(process.env.PORT) + 5000 : undefined,
      config: { vars: { ...(process.env.APP_URL ? { APP_URL: process.env.APP_URL } : {}), ...(process.env.MAP_TILE_URL ? { MAP_TILE_URL: process.env.MAP_TILE_URL } : {}) } },
    }),
    reactRouter(),
    // Each route's modules in a few files rather than dozens (decision 045).
    clientChunks(),
    // The routes each leading path of a page matches, worked out once per path (decision 046).
    partialManifestCache(),
    // React's server renderer encodes a page's markup once per flush, not once per piece (decision 024's addendum).
    reactMarkupWrites(),
  ],
  // Import aliases (~/ for app/, @domain/, @api/, @shared/, @contract/, @locales/) come from tsconfig.json's paths.
  resolve: { tsconfigPaths: true },
  optimizeDeps: {
    include: ["@conform-to/react", "@conform-to/zod/v4", "zod", "dayjs"],
  },
  build: {
    rollupOptions: {
      // domain/ and contract/ declare rules and schemas and do nothing when loaded (no module of theirs
      // has a top-level effect): a page that takes a constant from one does not get its zod schemas.
      // Nor do the calendars' modules: the browser's month grid does not load the HTML writer the server uses.
      treeshake: { moduleSideEffects: (id: string) => !/\/(domain|contract|app\/components\/calendar)\//.test(id) },
    },
  },
  server: { port: 5173, strictPort: true },
  preview: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});
