import { resolve } from "node:path";
import { build, type Rolldown } from "vite";

/**
 * Bundles one module of the app for a page, in memory: an IIFE that puts the module's exports on `window[globalName]`,
 * to be added with page.addScriptTag({ content }). Minified, as the app ships it.
 */
export async function bundleForPage(entry: string, globalName: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: "warn",
    mode: "production",
    publicDir: false,
    build: {
      write: false,
      // Never dist/: the browser tests' server serves it, and an emptied outDir would take the apps away.
      outDir: "node_modules/.tmp/bundle-for-page",
      emptyOutDir: false,
      minify: true,
      lib: { entry: resolve(entry), name: globalName, formats: ["iife"], fileName: globalName },
      rolldownOptions: { output: { extend: true } },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((result) => result.output).find((file) => file.type === "chunk");
  if (chunk === undefined) throw new Error(`bundleForPage: no chunk built from ${entry}`);
  return chunk.code;
}
