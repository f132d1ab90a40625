import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  optimizeDeps: {
    include: ["i18next", "react-i18next", "@conform-to/react", "@conform-to/zod/v4", "zod", "dayjs"],
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
});
