import type { InspectionEvent, Observer } from "xstate";

/**
 * Dev-only Stately inspector (opens https://stately.ai/inspect in a popup), enabled with
 * `VITE_INSPECT=true npm run dev` or `?inspect` in the URL. In `vite build` import.meta.env.DEV is the literal
 * `false`, so the dynamic import is dropped and @statelyai/inspect never reaches the production bundle.
 */
let inspect: Observer<InspectionEvent> | undefined;

if (
  import.meta.env.DEV &&
  import.meta.env.MODE !== "test" &&
  (import.meta.env.VITE_INSPECT === "true" || new URLSearchParams(window.location.search).has("inspect"))
) {
  const { createBrowserInspector } = await import("@statelyai/inspect");
  inspect = createBrowserInspector({ autoStart: true }).inspect;
}

export { inspect };
