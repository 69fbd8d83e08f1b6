/** Resolves the shared `Target`s with Playwright, for the drivers that run in Chromium. */
import type { Locator, Page } from "playwright-core";
import { folded, type ControlState, type Target } from "../locators";

/** A string name matches the whole name, as Testing Library's does. */
export function locate(scope: Page | Locator, target: Target): Locator {
  if ("role" in target) {
    const exact = typeof target.name === "string" ? true : undefined;
    return scope.getByRole(target.role, { name: target.name, exact, level: target.level, includeHidden: target.hidden });
  }
  if ("label" in target) return scope.getByLabel(target.label, { exact: typeof target.label === "string" ? true : undefined });
  if ("text" in target) return scope.getByText(target.text, { exact: typeof target.text === "string" ? true : undefined });
  return scope.getByTestId(target.testId);
}

/*
 * Readings take one snapshot of what a locator matches now (evaluateAll): unlike Playwright's own getters they
 * never wait for an element, so a row that goes while it is read gives a reading, not a 30 s stall.
 */

/** The one element's reading, null without one; two are a mistake in the target. */
function single<T>(values: T[], locator: Locator): T | null {
  if (values.length > 1) throw new Error(`${values.length} elements match ${String(locator)}`);
  return values[0] ?? null;
}

export async function textOf(locator: Locator): Promise<string | null> {
  const text = single(await locator.evaluateAll((elements) => elements.map((element) => element.textContent ?? "")), locator);
  return text === null ? null : folded(text);
}

export async function textsOf(locator: Locator): Promise<string[]> {
  return (await locator.evaluateAll((elements) => elements.map((element) => element.textContent ?? ""))).map(folded);
}

export async function attributeOf(locator: Locator, name: string): Promise<string | null> {
  return single(await locator.evaluateAll((elements, attribute) => elements.map((element) => element.getAttribute(attribute)), name), locator);
}

/** A text box's value, or whether a checkbox is checked; null without the field. */
export async function valueOf(locator: Locator): Promise<string | boolean | null> {
  const values = await locator.evaluateAll((elements) =>
    elements.map((element) => {
      const input = element as HTMLInputElement;
      return input.type === "checkbox" ? input.checked : input.value;
    }),
  );
  return single(values, locator);
}

export async function checkOf(locator: Locator): Promise<"checked" | "indeterminate" | "unchecked" | "absent"> {
  const states = await locator.evaluateAll((elements) =>
    elements.map((element) => {
      const input = element as HTMLInputElement;
      return input.indeterminate ? "indeterminate" : input.checked ? "checked" : "unchecked";
    }),
  );
  return single(states, locator) ?? "absent";
}

export async function stateOf(locator: Locator): Promise<ControlState> {
  const states = await locator.evaluateAll((elements) =>
    elements.map((element): ControlState => {
      if (element.hasAttribute("data-loading") || element.getAttribute("aria-busy") === "true") return "busy";
      return (element as HTMLButtonElement).disabled || element.getAttribute("aria-disabled") === "true" ? "disabled" : "enabled";
    }),
  );
  return single(states, locator) ?? "absent";
}

export async function isThere(locator: Locator): Promise<boolean> {
  return (await locator.count()) > 0;
}

/** react-router follows browser history (back/forward) through popstate: a move without a reload. */
export async function pushPath(page: Page, path: string) {
  await page.evaluate((target) => {
    const index = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `journey-${index}`, idx: index }, "", target);
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state as unknown }));
  }, path);
}
