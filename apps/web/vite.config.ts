import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { createChunkGroups } from "./chunk-groups.ts";
import { importLucideIconsOneByOne } from "./lucide-per-icon.ts";

export default defineConfig({
  plugins: [importLucideIconsOneByOne(), react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
  build: {
    // WEB_OUT_DIR lets parallel browser suites build side by side without replacing each other's files.
    outDir: process.env.WEB_OUT_DIR ?? "dist",
    emptyOutDir: true,
    // npm run bench reads the manifest to report each route's gzip size against the budgets.
    manifest: true,
    reportCompressedSize: true,
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: createChunkGroups() } },
    },
  },
});
