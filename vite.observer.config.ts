/// <reference types="vitest/config" />
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";

/**
 * The observers' app: its own build under /observer/ (dist/observer), so that its first load carries none of the
 * back-office and its service worker's scope holds nothing else.
 */
const root = resolve(import.meta.dirname, "src/observer-app");
const apiTarget = process.env.API_URL ?? "http://127.0.0.1:8080";
const SERVICE_WORKER = "sw.js";
const PRECACHE_GLOBAL = "__OBSERVER_PRECACHE__"; // src/observer-app/sw/precache.ts reads it

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Writes the list of the app's files and their version into the service worker, which caches exactly those on
 * install: the build's hashed files, index.html (the app's every route) and the public files (manifest, icons).
 */
function precacheManifest(): Plugin {
  return {
    name: "observer-precache-manifest",
    apply: "build",
    // After Vite's own plugins, which add index.html to the bundle in the same hook.
    enforce: "post",
    generateBundle(_options, bundle) {
      const publicDir = join(root, "public");
      const built = Object.keys(bundle).filter((file) => file !== SERVICE_WORKER && !file.endsWith(".map"));
      const files = [...built, ...filesUnder(publicDir).map((file) => relative(publicDir, file))].sort();
      if (!files.includes("index.html")) throw new Error("the precache list lacks index.html");
      const version = createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 16);
      const worker = bundle[SERVICE_WORKER];
      if (worker?.type !== "chunk") throw new Error(`the build has no ${SERVICE_WORKER}`);
      worker.code = `self.${PRECACHE_GLOBAL}=${JSON.stringify({ version, files })};\n${worker.code}`;
    },
  };
}

export default defineConfig({
  root,
  base: "/observer/",
  plugins: [react(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui(), precacheManifest()],
  build: {
    outDir: resolve(import.meta.dirname, "dist/observer"),
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: join(root, "index.html"), sw: join(root, "sw/sw.ts") },
      // The worker keeps one name: a browser updates a service worker by fetching the same URL again.
      output: {
        entryFileNames: (chunk) => (chunk.name === "sw" ? SERVICE_WORKER : "assets/[name]-[hash].js"),
        // What the first screen needs in one chunk (as the back-office's login route): the screens after it load on
        // demand. The worker's own modules stay out of it: the worker is one classic script that imports nothing.
        codeSplitting: { groups: [{ name: "boot", tags: ["$initial"], test: /^(?!.*\/observer-app\/sw\/)/ }] },
      },
    },
  },
  server: { host: "127.0.0.1", port: 5174, proxy: { "/api": apiTarget } },
});
