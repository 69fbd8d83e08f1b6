import type { InspectionEvent, Observer } from "xstate";

/**
 * Dev-only Stately inspector (opens https://stately.ai/inspect in a popup), enabled with
 * `VITE_INSPECT=true npm run dev` or `?inspect` in the URL. Pass what this resolves to as `inspect` to every
 * actor. In `vite build` import.meta.env.DEV is the literal `false`, so the dynamic import is dropped and
 * @statelyai/inspect never reaches the production bundle.
 *
 * An async function rather than the top-level await of the toolchain probe: top-level await anywhere in the
 * bundle turns off rolldown's chunk merging, which the login route's size budget relies on.
 */
export async function loadInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (
    import.meta.env.DEV &&
    import.meta.env.MODE !== "test" &&
    (import.meta.env.VITE_INSPECT === "true" || new URLSearchParams(window.location.search).has("inspect"))
  ) {
    const { createBrowserInspector } = await import("@statelyai/inspect");
    return createBrowserInspector({ autoStart: true }).inspect;
  }
  return undefined;
}
