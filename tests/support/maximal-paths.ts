/**
 * `testEveryShortestPath` without the paths another path begins with.
 *
 * `replayPath` asserts every state on the way, so a path that is the beginning of a longer one checks nothing the
 * longer one does not: on a real screen, where every path costs a render and a server, it only costs time. What is
 * left still reaches every state and goes through every transition the shortest paths do.
 */
import { it } from "vitest";
import type { AnyStateMachine, EventObject } from "xstate";
import { replayPath, shortestPaths, stateName, type ModelPath, type ModelTestOptions } from "./model";

/** The paths that are not the beginning of another one, in their order. */
export function withoutPrefixes<Path extends { steps: { event: EventObject }[] }>(paths: Path[]): Path[] {
  const events = paths.map((path) => path.steps.map((step) => JSON.stringify(step.event)));
  const beginsWith = (longer: string[], shorter: string[]) => longer.length > shorter.length && shorter.every((event, index) => longer[index] === event);
  return paths.filter((_, index) => !events.some((other) => beginsWith(other, events[index]!)));
}

/** Registers one test per path that no other path begins with; returns those paths. */
export function testEveryMaximalPath<Machine extends AnyStateMachine, Event extends EventObject, System>(
  options: ModelTestOptions<Machine, Event, System>,
): ModelPath<Machine, Event>[] {
  const paths = withoutPrefixes(
    shortestPaths(options.machine, { input: options.input, events: options.events, coverage: options.coverage, distinguish: options.distinguish }),
  );
  const describeEvent = options.describeEvent ?? ((event: Event) => event.type);
  for (const path of paths) {
    const events = path.steps.slice(1).map((step) => describeEvent(step.event));
    it(`reaches ${stateName(path.state)} via ${events.join(" → ")}`, () => replayPath(path, options));
  }
  return paths;
}

/** Every state value a path goes through (not only where it ends) and every event type it sends. */
export function reachedBy(paths: { steps: { event: EventObject; state: unknown }[] }[]) {
  const states = new Set<string>();
  const events = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) {
      states.add(JSON.stringify((step.state as { value: unknown }).value));
      events.add(step.event.type);
    }
  }
  return { states, events };
}
