import { createElement, lazy, type ComponentType } from "react";

export interface LazyPage<Props extends object = object> {
  (props: Props): ReturnType<typeof createElement>;
  /** Starts loading the page's code (once); resolves when it is ready. */
  preload(): Promise<void>;
}

/**
 * React.lazy for a module's named export (our pages are named exports, not defaults), with `preload()`. A page
 * whose code is already loaded renders at once instead of suspending: every suspension that shows a fallback makes
 * React hold back the next reveal by up to 300 ms, which a preloaded first screen has no reason to pay.
 */
export function lazyPage<Module extends Record<Name, ComponentType>, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        loading = undefined; // a failed chunk (offline) is tried again on the next render
        throw error;
      },
    ));
  const Suspending = lazy(async () => ({ default: await loadOnce() }));
  const Page = ((props: object) => createElement(loaded ?? Suspending, props)) as LazyPage;
  Page.preload = () => loadOnce().then(() => undefined);
  return Page;
}
