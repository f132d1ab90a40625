import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // End-to-end tests keep their own local database next to the development one.
      persistState: process.env.LOCAL_STATE_DIR ? { path: process.env.LOCAL_STATE_DIR } : true,
    }),
    reactRouter(),
  ],
  optimizeDeps: {
    include: ["i18next", "react-i18next", "@conform-to/react", "@conform-to/zod/v4", "zod", "dayjs"],
  },
  server: { port: 5173, strictPort: true },
  preview: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});
