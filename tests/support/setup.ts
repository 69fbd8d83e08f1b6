/**
 * Vitest setup for the "web" project (jsdom): jest-dom matchers, a clean DOM, storage and toasts between tests, and the
 * browser APIs Mantine needs that jsdom lacks (matchMedia, ResizeObserver, scrollIntoView), as in Mantine's
 * "Testing with Vitest" guide.
 */
import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { roundChoiceStore } from "../../src/shared/rounds/round-choice.store";

// Pages load lazily: on a busy CI machine the first render of a file also compiles its chunks, which can take
// longer than Testing Library's default 1 s. Waits still end as soon as the awaited element appears.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Mantine keeps toasts in a module-level store, and a worker runs many files in one module graph (isolate: false):
  // a toast one test leaves would otherwise be the first alert the next file's screen shows.
  notifications.clean();
  // The chosen election round too lives in a module-level store: the next file's screens start in the current round.
  roundChoiceStore.trigger.roundChosen({ roundId: null });
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(";").forEach((pair) => {
    const name = pair.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudoElement?: string | null) =>
  originalGetComputedStyle(element, pseudoElement);
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// Mantine's autosize Textarea re-measures when web fonts load (document.fonts, a FontFaceSet jsdom lacks).
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
