// An ESLint rule that keeps the SPA's layers apart on resolved paths, so it holds when a feature grows
// sub-folders: a feature imports no other feature and not the app shell; shared code and the API client import
// neither features nor the app. Only relative imports can cross these lines (packages are not project code).
// A feature's test may import another feature's routes (`*.routes.tsx`): it composes the screens it visits, as
// src/app composes them all.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** The layer a file belongs to: "app", "shared", "api", "feature:<name>", or null outside src/. */
export function layerOf(file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] !== "src" || parts.length < 3) return null;
  if (parts[1] === "features") return `feature:${parts[2]}`;
  return ["app", "shared", "api", "observer-app"].includes(parts[1]) ? parts[1] : null;
}

/** Why `from` may not import `to`, or null when it may. */
export function forbiddenReason(from, to) {
  if (!from || !to || from === to) return null;
  if (from.startsWith("feature:") && to.startsWith("feature:")) return "a feature never imports another feature: compose them in src/app or share through src/shared";
  if (from.startsWith("feature:") && to === "app") return "a feature never imports the app shell: src/app composes features, not the reverse";
  if ((from === "shared" || from === "api") && (to === "app" || to.startsWith("feature:"))) return `src/${from} serves every feature and imports none of them (nor src/app)`;
  // The observers' app is a build of its own: it shares the API client and shared helpers, never the back-office.
  if (from === "observer-app" && (to === "app" || to.startsWith("feature:"))) return "the observers' app imports the API client and src/shared only, never the back-office";
  if (to === "observer-app") return "the observers' app is a build of its own: nothing else imports it";
  return null;
}

export const importZones = {
  meta: { type: "problem", schema: [], docs: { description: "Layer boundaries of src/ on resolved paths" } },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const isTest = /\.test\.tsx?$/.test(context.filename);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      if (isTest && /\.routes$/.test(source)) return;
      const reason = forbiddenReason(from, layerOf(path.resolve(path.dirname(context.filename), source)));
      if (reason) context.report({ node: node.source, message: `${source}: ${reason}.` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
