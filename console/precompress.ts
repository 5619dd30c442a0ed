import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Text formats worth compressing, above this size. */
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg", ".json", ".webmanifest", ".txt"]);
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.gz` and `<file>.br` beside every text file of the build, at the highest levels,
 * so the gateway serves them as they are (services/api/console.ts) instead of compressing the
 * bundle itself when it starts (a quarter of a second of its start-up).
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "cluster-api:precompress",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        const file = join(entry.parentPath, entry.name);
        if (!entry.isFile() || !COMPRESSIBLE.has(extname(file).toLowerCase())) continue;
        const body = readFileSync(file);
        if (body.length < COMPRESS_MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
      }
    },
  };
}
