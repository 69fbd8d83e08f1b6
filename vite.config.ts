/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [
    react(),
    // Lingui macros are Babel-only and plugin-react 6 no longer runs Babel.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
  ],
  build: {
    rolldownOptions: {
      // Everything the entry imports statically (the login route) in one chunk: by default rolldown splits what it
      // shares with the lazy routes into chunks of their own, six requests where two do. Other routes load on demand.
      output: { codeSplitting: { groups: [{ name: "boot", tags: ["$initial"] }] } },
    },
  },
  server: { host: "127.0.0.1", port: 5173, proxy: { "/api": apiTarget } },
  preview: { host: "127.0.0.1" },
  test: {
    // Vitest's default leaves a core to its own process (one worker on 2 cores), which idles here: the workers do the
    // work. On 2 cores, all of them took the web tests from 266 s to 198 s and the server tests from 255 s to 175 s.
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}", "tests/model/**/*.test.{ts,tsx}"],
          setupFiles: ["./tests/support/setup.ts"],
          globalSetup: ["./tests/support/test-database.global-setup.ts"],
          // Styles are left out, except the header's: which of its links and burger is shown is decided by its
          // media queries, and jsdom applies them (its window is 1,024 px wide, below the links' 84em).
          css: { include: [/src\/app\/navigation\.module\.css$/] },
          // A screen test waits on what the user would see (findBy… up to 5 s each); on a loaded 2-core machine a
          // whole journey through a form takes longer than Vitest's default 5 s without anything being wrong.
          testTimeout: 20_000,
          // A worker runs its files in one module graph: the app, Mantine and the test server's database (a 45 MB
          // dump) load once per worker instead of once per file. Every test starts from its own restore, an empty
          // DOM and empty storage (setup.ts), so no file sees another's state.
          isolate: false,
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          include: ["server/test/**/*.test.ts", "scripts/**/*.test.ts"],
          globalSetup: ["./tests/support/postgres.global-setup.ts"],
          // One module graph per worker: the contract's validators compile once per worker, not once per file, and
          // the seed templates are remembered. Every file starts servers on databases of its own and closes them.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "browser",
          environment: "node",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          globalSetup: ["./tests/e2e/support/global-setup.ts"],
          fileParallelism: false,
          // One worker for every file, one after another: a fresh worker per file cost ~2 s of start and imports
          // (playwright-core, the support modules) between files. Each file launches and closes its own browser.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
