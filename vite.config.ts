import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serviceWorker } from "./vite.service-worker.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), serviceWorker()],
  resolve: { tsconfigPaths: true },
  server: { host: "127.0.0.1" },
});
