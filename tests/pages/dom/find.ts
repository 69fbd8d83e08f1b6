/** Resolves the shared `Target`s with Testing Library, for the drivers that run on jsdom. */
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { folded, type ControlState, type Target } from "../locators";

type Scope = HTMLElement | null | undefined;

export function findAll(target: Target, scope?: Scope): HTMLElement[] {
  if (scope === null) return [];
  const queries = scope ? within(scope) : screen;
  if ("role" in target) return queries.queryAllByRole(target.role, { name: target.name, level: target.level, hidden: target.hidden });
  if ("label" in target) return queries.queryAllByLabelText(target.label);
  if ("text" in target) return queries.queryAllByText(target.text);
  return queries.queryAllByTestId(target.testId);
}

/** The one element the target names, null when there is none; two are a mistake in the target. */
export function find(target: Target, scope?: Scope): HTMLElement | null {
  const found = findAll(target, scope);
  if (found.length > 1) throw new Error(`${found.length} elements match ${JSON.stringify(target)}`);
  return found[0] ?? null;
}

/** The element a gesture needs: a missing one fails the step with what was looked for. */
export function need(target: Target, scope?: Scope): HTMLElement {
  const found = find(target, scope);
  if (!found) throw new Error(`nothing matches ${JSON.stringify(target)}`);
  return found;
}

/** An element's text with its white space folded, as a reader (and Testing Library's matchers) take it. */
export const textOf = (element: Element | null) => (element ? folded(element.textContent ?? "") : null);

export function stateOf(element: HTMLElement | null): ControlState {
  if (!element) return "absent";
  if (element.hasAttribute("data-loading") || element.getAttribute("aria-busy") === "true") return "busy";
  return (element as HTMLButtonElement).disabled || element.getAttribute("aria-disabled") === "true" ? "disabled" : "enabled";
}

/** Types into a text box as a user does: clears it first; an empty value only clears. */
export async function typeInto(user: UserEvent, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}

/** The control a gesture needs, once it is there: a gesture waits for its control, as Playwright's do. */
export function control(target: Target, scope?: () => Scope): Promise<HTMLElement> {
  return waitFor(() => need(target, scope?.()));
}

/** The element a reading picks out, once there is one (for controls a Target alone cannot single out). */
export function present(read: () => HTMLElement | null | undefined, what: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = read();
    if (!found) throw new Error(`no ${what} on screen`);
    return found;
  });
}

/** A reading of the DOM as the shared interfaces give it: at once, as a promise (Playwright's cannot be sync). */
export const read =
  <Args extends unknown[], Value>(reading: (...args: Args) => Value) =>
  (...args: Args): Promise<Value> =>
    Promise.resolve(reading(...args));
