import { onTestFinished } from "vitest";
import { SMALL_SCREEN_QUERY } from "../../src/shared/ui/small-screen";

/** jsdom matches no media query (setup.ts): for one test, the screen is a phone's, narrower than Mantine's "sm". */
export function onSmallScreen() {
  const stub = Object.getOwnPropertyDescriptor(window, "matchMedia");
  const matchNone = window.matchMedia.bind(window);
  Object.defineProperty(window, "matchMedia", {
    value: (query: string) => Object.assign(matchNone(query), { matches: query === SMALL_SCREEN_QUERY }),
  });
  onTestFinished(() => {
    if (stub) Object.defineProperty(window, "matchMedia", stub);
  });
}
