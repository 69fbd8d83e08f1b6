/**
 * The shared page-object family: per screen, one interface (what a user does and reads there, in the user's
 * words) and one table of its controls; two drivers implement each interface, `dom/` with Testing Library (the
 * model-based and component suites on jsdom) and `browser/` with Playwright (the Chromium journeys). Both resolve
 * the same `Target`s, so a label changes in one place.
 *
 * Results have one style: an interface reads what is on screen now and returns it (a reading never waits and
 * never asserts); the suites assert on it, waiting with `eventually` where the screen is still on its way.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Locale } from "../../src/shared/i18n/locales";

export type Role = Parameters<Page["getByRole"]>[0];

/**
 * How a user finds a control: by role and accessible name (a string matches the whole name, a RegExp a part), by
 * its label, by its visible text, or by a test id where the app offers nothing a user would name.
 * `hidden` also finds what CSS hides (jsdom's 1024 px hides the header's own links).
 */
export type Target =
  | { role: Role; name?: string | RegExp; level?: number; hidden?: boolean }
  | { label: string | RegExp }
  | { text: string | RegExp }
  | { testId: string };

/** How a button or field reads: not there, usable, unusable, or working (a loader on it). */
export type ControlState = "absent" | "enabled" | "disabled" | "busy";

export type Words<Shape> = Record<Locale, Shape>;

/** A label Mantine marks as required reads "Label *". */
export const requiredLabel = (word: string) => new RegExp(`^${word}( \\*)?$`);

/** A text with its white space folded, as a reader (and Testing Library's matchers) take it. */
export const folded = (text: string) => text.replace(/\s+/g, " ").trim();

/** The number in a title such as "Observers (25)". */
export function countIn(title: string | null): number | null {
  const count = /\((\d+)\)/.exec(title ?? "")?.[1];
  return count === undefined ? null : Number(count);
}

/**
 * How long a wait may take. On jsdom, pages load lazily and the first render of a file also compiles its chunks:
 * seconds, under Vitest's 5 s test timeout so that a failed wait reports what it read. In Chromium (no `window`
 * in the test's own process) the journeys wait on a real server process, as long as Playwright's own waits do.
 */
const WAIT_MS = typeof window === "undefined" ? 30_000 : 4_000;

/** Polls a reading until the assertion holds; a wait ends as soon as the reading matches. */
export function eventually<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: WAIT_MS, interval: 20 });
}
