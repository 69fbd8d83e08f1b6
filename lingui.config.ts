import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ro"],
  fallbackLocales: { default: "en" },
  catalogs: [
    // Every message: the signed-in screens load this one.
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: ["**/node_modules/**", "**/*.test.*", "<rootDir>/src/observer-app/**"],
    },
    // The observers' app: its own words only, in its own build.
    {
      path: "<rootDir>/src/locales/{locale}/observer",
      include: ["<rootDir>/src/observer-app"],
      exclude: ["**/node_modules/**", "**/*.test.*"],
    },
    // The words of the login route and the shell only, so that the login route stays small as the product grows
    // (a subset of the one above: scripts/fill-ro.ts copies its Romanian from there).
    {
      path: "<rootDir>/src/locales/{locale}/first-screen",
      include: ["<rootDir>/src/features/session", "<rootDir>/src/app", "<rootDir>/src/shared"],
      // The live connection comes with the signed-in shell, never on the login route.
      exclude: ["**/node_modules/**", "**/*.test.*", "**/shared/live/**"],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
});
