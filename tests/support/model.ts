/**
 * Model-based testing on @xstate/graph 3.
 *
 * The statechart is the model: `getShortestPaths` walks it (without starting any invoked actor) and yields the
 * shortest path to each node, as steps `{ event, state }` that begin with `xstate.init`. Invoked actors are driven
 * through explicit `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events listed in `events` with their
 * `output` / `error`; every distinct context is a distinct node, so list only the payloads that matter.
 *
 * By default a node is also told apart by how it was entered (the event and the state it came from), as
 * `createTestModel` does, so the paths cover every transition and not only every state: a logout and a 401 that
 * both lead to the login screen are two paths. Only events the state handles are explored, so an ignored event
 * never passes for a transition.
 *
 * `testEveryShortestPath` registers one Vitest `it` per path. Each test sets up a fresh system under test,
 * asserts the initial state, then for every step performs the event on the system under test (a page-object
 * call) and asserts the state the model says it reaches. Every event type needs an executor (checked by the
 * types) and every state reached a matching assertion (keys are state values such as "loggedIn" or
 * "loggedOut.failed", matched with `snapshot.matches`), so a path cannot pass by skipping a step.
 * `createTestModel` itself is not used: it rejects machines that invoke actors.
 */
import { getShortestPaths, serializeSnapshot, type StatePath } from "@xstate/graph";
import { it } from "vitest";
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InputFrom, type SnapshotFrom } from "xstate";

export type ModelPath<Machine extends AnyStateMachine, Event extends EventObject> = StatePath<
  SnapshotFrom<Machine>,
  Event
>;

export interface ModelTestOptions<Machine extends AnyStateMachine, Event extends EventObject, System> {
  machine: Machine;
  input?: InputFrom<Machine>;
  /**
   * The events to explore, payloads included (machine events and `xstate.done.actor.*` / `xstate.error.actor.*`),
   * or a function of the state reached: an actor's answer can then depend on what it was asked (the current query).
   */
  events: Event[] | ((snapshot: SnapshotFrom<Machine>) => Event[]);
  /** A fresh system under test for each path. */
  setUp: (input: InputFrom<Machine> | undefined) => System | Promise<System>;
  /** How each event type is performed on the system under test. */
  eventExecutors: { [Type in Event["type"]]: (system: System, event: Extract<Event, { type: Type }>) => unknown };
  /** What must hold in each state, keyed by state value. */
  stateAssertions: Record<string, (system: System, snapshot: SnapshotFrom<Machine>) => unknown>;
  /** A short label for an event in test names; defaults to its type. */
  describeEvent?: (event: Event) => string;
  /** "transitions" (default): a path per way into each state; "states": a path per state. */
  coverage?: "states" | "transitions";
  /**
   * What tells two nodes apart besides the state value; by default the whole context. A machine whose context
   * grows with every step (an undo history) names the facts that matter, or the graph never ends.
   */
  distinguish?: (snapshot: SnapshotFrom<Machine>) => unknown;
}

function asMachineSnapshot(snapshot: unknown): AnyMachineSnapshot {
  return snapshot as AnyMachineSnapshot;
}

/** Serializes a snapshot (its value and what tells it apart), with the transition that entered it for "transitions". */
function serializer(coverage: "states" | "transitions", distinguish?: (snapshot: never) => unknown) {
  return (snapshot: unknown, event?: EventObject, previous?: unknown): string => {
    const serialized = distinguish
      ? JSON.stringify([asMachineSnapshot(snapshot).value, distinguish(snapshot as never)])
      : serializeSnapshot(asMachineSnapshot(snapshot));
    if (coverage === "states" || !event || !previous) return serialized;
    return `${serialized} via ${JSON.stringify(event)} from ${JSON.stringify(asMachineSnapshot(previous).value)}`;
  };
}

/** The shortest path to every state (or, by default, through every transition) reachable with the given events. */
export function shortestPaths<Machine extends AnyStateMachine, Event extends EventObject>(
  machine: Machine,
  options: Pick<ModelTestOptions<Machine, Event, never>, "input" | "events" | "coverage" | "distinguish">,
): ModelPath<Machine, Event>[] {
  const { coverage = "transitions", input } = options;
  const candidates = (snapshot: unknown) =>
    typeof options.events === "function" ? options.events(snapshot as SnapshotFrom<Machine>) : options.events;
  const events = (snapshot: unknown) =>
    candidates(snapshot).filter((event) => machine.getTransitionData(asMachineSnapshot(snapshot), event).length > 0);
  const serializeState = serializer(coverage, options.distinguish);
  return getShortestPaths(machine, { input, events, serializeState } as never) as ModelPath<Machine, Event>[];
}

/** A snapshot's state value as test names print it. */
export function stateName(snapshot: unknown): string {
  const value: unknown = asMachineSnapshot(snapshot).value;
  return typeof value === "string" ? value : JSON.stringify(value);
}

function describePath(path: { state: unknown; steps: { event: EventObject }[] }, describeEvent: (event: never) => string) {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as never));
  return `reaches ${stateName(path.state)}${events.length ? ` via ${events.join(" → ")}` : " at start"}`;
}

/** Replays one path on a fresh system under test, asserting every state on the way. */
export async function replayPath<Machine extends AnyStateMachine, Event extends EventObject, System>(
  path: ModelPath<Machine, Event>,
  options: ModelTestOptions<Machine, Event, System>,
): Promise<void> {
  const system = await options.setUp(options.input);
  for (const [index, step] of path.steps.entries()) {
    if (index > 0) {
      const execute = options.eventExecutors[step.event.type as Event["type"]] as (system: System, event: Event) => unknown;
      await execute(system, step.event);
    }
    const keys = Object.keys(options.stateAssertions).filter((key) => asMachineSnapshot(step.state).matches(key));
    if (keys.length === 0) throw new Error(`no state assertion matches ${stateName(step.state)}`);
    for (const key of keys) await options.stateAssertions[key]?.(system, step.state);
  }
}

/** Registers one test per shortest path; returns the paths so a suite can also assert what they cover. */
export function testEveryShortestPath<Machine extends AnyStateMachine, Event extends EventObject, System>(
  options: ModelTestOptions<Machine, Event, System>,
): ModelPath<Machine, Event>[] {
  const paths = shortestPaths(options.machine, {
    input: options.input,
    events: options.events,
    coverage: options.coverage,
    distinguish: options.distinguish,
  });
  const describeEvent = options.describeEvent ?? ((event: Event) => event.type);
  for (const path of paths) {
    it(describePath(path, describeEvent), () => replayPath(path, options));
  }
  return paths;
}

/**
 * The states a path's events really lead to from the input, each event as offered in the state it is sent from.
 * With `distinguish`, each step of a shortest path carries the first state found with the same facts: the facts it
 * leaves out (the rows a loading list still shows, a draft's values), and an answer computed from them, may be
 * another path's. Followed from the start, the path has its own. Throws when an event is no longer offered or
 * takes no transition, and when a step lands in another state value than the graph said: the facts left out then
 * decide a guard, and `distinguish` must name them.
 */
export function followPath<Machine extends AnyStateMachine, Event extends EventObject>(
  machine: Machine,
  options: Pick<ModelTestOptions<Machine, Event, never>, "input" | "events">,
  path: ModelPath<Machine, Event>,
): ModelPath<Machine, Event> {
  const offered = (snapshot: SnapshotFrom<Machine>) => (typeof options.events === "function" ? options.events(snapshot) : options.events);
  let [state] = initialTransition(machine, ...([options.input] as [InputFrom<Machine>]));
  const steps = [{ event: path.steps[0]!.event, state }];
  for (const step of path.steps.slice(1)) {
    const candidates = offered(state);
    const sameType = candidates.filter((candidate) => candidate.type === step.event.type);
    const event = candidates.find((candidate) => JSON.stringify(candidate) === JSON.stringify(step.event)) ?? (sameType.length === 1 ? sameType[0] : undefined);
    if (!event || machine.getTransitionData(asMachineSnapshot(state), event).length === 0) {
      throw new Error(`${step.event.type} is no step from ${stateName(state)}`);
    }
    [state] = transition(machine, state, event as never);
    if (JSON.stringify(asMachineSnapshot(state).value) !== JSON.stringify(asMachineSnapshot(step.state).value)) {
      throw new Error(`${step.event.type} leads to ${stateName(state)}, not ${stateName(step.state)}: distinguish what decides it`);
    }
    steps.push({ event, state });
  }
  return { ...path, state, steps };
}

/** Registers one test per given path (named as `testEveryShortestPath` names them); returns the paths. */
export function testPaths<Machine extends AnyStateMachine, Event extends EventObject, System>(
  paths: ModelPath<Machine, Event>[],
  options: ModelTestOptions<Machine, Event, System>,
): ModelPath<Machine, Event>[] {
  const describeEvent = options.describeEvent ?? ((event: Event) => event.type);
  for (const path of paths) {
    it(describePath(path, describeEvent), () => replayPath(path, options));
  }
  return paths;
}

/**
 * Each kind of step the paths take, as "<state> <event> → <state>" (the event as `describeEvent` names it): a suite
 * that replays fewer paths than the whole graph has shows with it that they still take every kind of step.
 */
export function stepKinds<Event extends EventObject>(
  paths: { steps: { event: Event; state: unknown }[] }[],
  describeEvent: (event: Event) => string = (event) => event.type,
): Set<string> {
  return new Set(
    paths.flatMap(({ steps }) => steps.slice(1).map((step, index) => `${stateName(steps[index]!.state)} ${describeEvent(step.event)} → ${stateName(step.state)}`)),
  );
}
