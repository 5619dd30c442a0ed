import preact from "@preact/preset-vite";
import { defineConfig } from "vite";
import { precompress } from "./precompress.ts";

/**
 * The operator console: a Preact app built into console/dist, which the gateway serves at
 * /console/ (services/api/console.ts) under a strict Content-Security-Policy. `npm run
 * build:console` builds it (also part of `npm ci` and `npm run build`); `npm run dev:console`
 * serves it with live reload on http://localhost:5173/console/, sending /api to a gateway on
 * localhost:8080 (`npm start`).
 */
export default defineConfig({
  root: import.meta.dirname,
  base: "/console/",
  // no dependency pre-bundling cache in the shared node_modules
  cacheDir: ".vite",
  plugins: [preact(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // one chunk and no dynamic imports: nothing to preload
    modulePreload: false,
    // no source maps: the gateway serves only the app's own files
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    proxy: { "/api": "http://localhost:8080" },
  },
});
