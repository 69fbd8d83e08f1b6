/**
 * Few paths that still take every kind of transition, for model-based suites whose replays are slow (a screen over
 * the test server) or whose context makes the full graph large.
 *
 * A suite explores the machine in families (each its own input, events offered and facts that tell nodes apart, as
 * `shortestPaths` takes them) and names the kind of each step it cares about: the statechart transition taken
 * (`transitionsTaken`), with whatever else the suite wants taken at least once (a payload, what the step left
 * selected). Every kind and every state value on the families' shortest paths must be taken by some replayed path;
 * the paths are picked greedily (the one that takes the most not yet taken, the shorter of two), after the families'
 * scenarios, which are always replayed. A picked path that is the start of another of its family is left out:
 * replaying the longer one asserts every state of the shorter. Fewer, longer paths: on a screen, each path's set-up
 * and first render cost more than its steps. Every kept path is then followed again from the start (`followed`).
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, InputFrom, SnapshotFrom } from "xstate";
import { initialTransition, transition } from "xstate";
import { shortestPaths, type ModelPath } from "./model";

export interface ModelFamily<Machine extends AnyStateMachine, Event extends EventObject> {
  name: string;
  input?: InputFrom<Machine>;
  /** The events offered in a state: those a user (or the server) can cause there. */
  events: (snapshot: SnapshotFrom<Machine>) => Event[];
  /** What tells two nodes apart besides the state value: at least what the guards and `events` read. */
  distinguish: (snapshot: SnapshotFrom<Machine>) => unknown;
  /**
   * Stories replayed as well, event by event from the start: those the graph merges away because the machine's
   * context ends up the same, while the system under test remembers (the server recorded a first attempt).
   */
  scenarios?: Step<Machine, Event>[][];
}

/** A scenario's step: an event, or the event a state gets (an answer to what it asked). */
export type Step<Machine extends AnyStateMachine, Event extends EventObject> = Event | ((snapshot: SnapshotFrom<Machine>) => Event);

export interface FamilyPath<Machine extends AnyStateMachine, Event extends EventObject> {
  family: ModelFamily<Machine, Event>;
  path: ModelPath<Machine, Event>;
  /** The kind of every step after `xstate.init`. */
  kinds: string[];
  /** Why a scenario stops short: the chart does not take one of its steps (the suite fails that test with it). */
  unreachable?: string;
}

const described = (type: string, transition: { source: AnyStateNode; target?: readonly AnyStateNode[] }) =>
  `${type}: ${transition.source.id} → ${transition.target?.map((node) => node.id).join(" + ") ?? "(stays)"}`;

/** The statechart transitions an event takes from a snapshot, by event type and the ids of their source and target. */
export function transitionsTaken(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  return machine.getTransitionData(snapshot as never, event).map((transition) => described(event.type, transition));
}

/** Every event-driven transition of the statechart (not `always`), as `transitionsTaken` names them. */
export function everyTransition(machine: AnyStateMachine): string[] {
  const walk = (node: AnyStateNode): string[] => [
    ...[...node.transitions.entries()].flatMap(([type, transitions]) => transitions.map((transition) => described(type, transition))),
    ...Object.values(node.states).flatMap(walk),
  ];
  return walk(machine.root);
}

/** The step's state value, as the kinds and the coverage tests name it. */
export const stateValue = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);

/** A scenario as a path, as far as each event is offered in the state it is sent in and takes a transition there. */
function scenarioPath<Machine extends AnyStateMachine, Event extends EventObject>(
  machine: Machine,
  family: ModelFamily<Machine, Event>,
  scenario: Step<Machine, Event>[],
): { path: ModelPath<Machine, Event>; unreachable?: string } {
  // As AnyStateMachine: the machine's own input and event types are only known as Machine's.
  const logic: AnyStateMachine = machine;
  let [state] = initialTransition(logic, family.input);
  const steps = [{ event: { type: "xstate.init" } as AnyEventObject as Event, state }];
  let unreachable: string | undefined;
  for (const step of scenario) {
    const event = typeof step === "function" ? step(state as SnapshotFrom<Machine>) : step;
    const offered = family.events(state as SnapshotFrom<Machine>).some((candidate) => JSON.stringify(candidate) === JSON.stringify(event));
    if (!offered || machine.getTransitionData(state as never, event).length === 0) {
      unreachable = `the scenario's ${event.type} (step ${steps.length}) takes no transition from ${stateValue(state as AnyMachineSnapshot)}`;
      break;
    }
    [state] = transition(logic, state, event);
    steps.push({ event, state });
  }
  return { path: { state, steps, weight: steps.length } as ModelPath<Machine, Event>, unreachable };
}

export function pathsThroughEveryKind<Machine extends AnyStateMachine, Event extends EventObject>(
  machine: Machine,
  families: ModelFamily<Machine, Event>[],
  kindOf: (path: ModelPath<Machine, Event>, index: number) => string,
): FamilyPath<Machine, Event>[] {
  const all = families.flatMap((family) =>
    shortestPaths(machine, { input: family.input, events: family.events, distinguish: family.distinguish, coverage: "transitions" }).map(
      (path): FamilyPath<Machine, Event> => ({ family, path, kinds: path.steps.slice(1).map((_, index) => kindOf(path, index + 1)) }),
    ),
  );
  const scenarios = families.flatMap((family) =>
    (family.scenarios ?? []).map((scenario): FamilyPath<Machine, Event> => {
      const { path, unreachable } = scenarioPath(machine, family, scenario);
      return { family, path, kinds: path.steps.slice(1).map((_, index) => kindOf(path, index + 1)), ...(unreachable ? { unreachable } : {}) };
    }),
  );
  // What a path takes: the kind of every step, and every state value on its way.
  const takes = ({ path, kinds }: FamilyPath<Machine, Event>) => [
    ...kinds.map((kind) => `kind ${kind}`),
    ...path.steps.map((step) => `state ${stateValue(step.state as AnyMachineSnapshot)}`),
  ];
  const taken = new Set(scenarios.flatMap(takes));
  const kept = [...scenarios];
  // Greedy: the path that takes the most not taken yet, the shorter of two that take as many.
  for (;;) {
    let best: { candidate: FamilyPath<Machine, Event>; gain: number } | undefined;
    for (const candidate of all) {
      const gain = new Set(takes(candidate).filter((item) => !taken.has(item))).size;
      if (gain > 0 && (!best || gain > best.gain || (gain === best.gain && candidate.path.steps.length < best.candidate.path.steps.length))) {
        best = { candidate, gain };
      }
    }
    if (!best) break;
    kept.push(best.candidate);
    for (const item of takes(best.candidate)) taken.add(item);
  }
  const trail = ({ family, path }: FamilyPath<Machine, Event>) => [family.name, ...path.steps.map((step) => JSON.stringify(step.event))].join("\n");
  return kept
    .filter((candidate) => !kept.some((other) => other !== candidate && trail(other).startsWith(`${trail(candidate)}\n`)))
    .map((candidate) => (scenarios.includes(candidate) ? candidate : followed(machine, candidate, kindOf)));
}

/**
 * A graph path followed from the start with its own events. Each node of the graph carries the first state found
 * with its facts, so a step's state may hold another path's context where `distinguish` leaves it out; followed, the
 * path has its own, and where the facts left out decide a guard (or an answer), it fails here: `distinguish` must name them.
 */
function followed<Machine extends AnyStateMachine, Event extends EventObject>(
  machine: Machine,
  candidate: FamilyPath<Machine, Event>,
  kindOf: (path: ModelPath<Machine, Event>, index: number) => string,
): FamilyPath<Machine, Event> {
  const { family, path: graphPath } = candidate;
  const { path, unreachable } = scenarioPath(machine, family, graphPath.steps.slice(1).map((step) => step.event));
  const values = (steps: { state: unknown }[]) => steps.map((step) => stateValue(step.state as AnyMachineSnapshot));
  if (unreachable || values(path.steps).join() !== values(graphPath.steps).join()) {
    const went = unreachable ?? values(path.steps).join(" → ");
    throw new Error(`${family.name}: a path of the graph does not hold from the start (${went}); distinguish what decides it`);
  }
  return { family, path, kinds: path.steps.slice(1).map((_, index) => kindOf(path, index + 1)) };
}
