import { lazy, type ComponentType } from "react";

/** React.lazy for a module's named export (our pages are named exports, not defaults). */
export function lazyPage<Module extends Record<Name, ComponentType>, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
