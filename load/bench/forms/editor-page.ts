// The in-page side of `npm run bench:forms`: what the page records (as scripts in strings: tsx would add helpers
// to a function that the page does not have) and the steps that drive the editor.
import type { Page } from "playwright-core";

/** Paint time: the frame after the DOM changed, then a task, which runs once that frame has been painted. */
const AFTER_PAINT = `(done) => requestAnimationFrame(() => setTimeout(done, 0))`;

/**
 * Records when the last section's card (its title field, `lastSectionField`) is in the DOM and painted, in ms since
 * navigation start (window.editorPaintedAt), and when the form's GET answered (window.formLoadedAt). By id, not by
 * label, so that a build in any language (or an older one) is measured alike.
 */
export const openProbe = (lastSectionField: string, formId: number) => `
  (() => {
    const afterPaint = ${AFTER_PAINT};
    const selector = ${JSON.stringify(`#${lastSectionField}`)};
    const observer = new MutationObserver(() => {
      if (!location.pathname.endsWith("/formulare/${formId}") || !document.querySelector(selector)) return;
      observer.disconnect();
      const resource = performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith("/api/v1/form/${formId}")).at(-1);
      window.formLoadedAt = resource ? resource.responseEnd : NaN;
      afterPaint(() => (window.editorPaintedAt = performance.now()));
    });
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

/**
 * Keystroke to paint: once armed, the next keydown (captured before the editor sees it) starts a sample, which
 * ends at the first paint after the field `expect.id` shows `expect.value` (window.keySamples, ms).
 */
export const keyProbe = `
  (() => {
    const afterPaint = ${AFTER_PAINT};
    window.keySamples = [];
    window.busySamples = [];
    window.keyProbe = { armed: false, expect: null };
    addEventListener("keydown", (event) => {
      const probe = window.keyProbe;
      if (!probe.armed || ["Control", "Shift", "Alt", "Meta"].includes(event.key)) return;
      probe.armed = false;
      const start = event.timeStamp;
      const expected = probe.expect;
      // The first task after the key's: the main thread has handled it (React rendered, for undo in a microtask).
      setTimeout(() => window.busySamples.push(performance.now() - start), 0);
      const settle = () => {
        const field = document.getElementById(expected.id);
        if (!field || field.value !== expected.value) return requestAnimationFrame(settle);
        afterPaint(() => window.keySamples.push(performance.now() - start));
      };
      requestAnimationFrame(settle);
    }, true);
  })();
`;

/** What the probes leave on window. Functions passed to waitForFunction (the page's CSP forbids evaluating strings there). */
interface Probes {
  editorPaintedAt?: number;
  keySamples: number[];
}

export const waitForEditor = (page: Page) =>
  page.waitForFunction(() => (window as unknown as Probes).editorPaintedAt !== undefined, undefined, { timeout: 30_000 });

export const waitForValue = (page: Page, { id, value }: FieldValue) =>
  page.waitForFunction((expected) => (document.getElementById(expected.id) as HTMLInputElement | null)?.value === expected.value, { id, value });

export interface FieldValue {
  id: string;
  value: string;
}

/**
 * Presses `keys` (a character, or a chord such as "Control+z") and answers the ms from its keydown to the paint
 * showing `expect` (paint) and to the first task after the key's (busy: the script's share, without waiting for a frame).
 */
export async function timeKey(page: Page, keys: string, expect: FieldValue): Promise<{ paint: number; busy: number }> {
  const count = await page.evaluate<number>(`(window.keyProbe.armed = true, window.keyProbe.expect = ${JSON.stringify(expect)}, window.keySamples.length)`);
  if (keys.length === 1) await page.keyboard.type(keys);
  else await page.keyboard.press(keys);
  await page.waitForFunction((seen) => (window as unknown as Probes).keySamples.length > seen, count, { timeout: 10_000 });
  return page.evaluate<{ paint: number; busy: number }>(`({ paint: window.keySamples[${count}], busy: window.busySamples[${count}] })`);
}

/** Puts the caret at the end of the field, as a user who clicks after its text. */
export async function focusEnd(page: Page, id: string): Promise<string> {
  return page.evaluate(`(() => {
    const field = document.getElementById(${JSON.stringify(id)});
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
    return field.value;
  })()`);
}
