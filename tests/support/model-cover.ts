/**
 * The fewest shortest paths that still take every transition: for suites whose paths replay on a real screen over
 * the real server, where each path costs a render (a second or more) rather than a millisecond.
 *
 * `shortestPaths` (tests/support/model.ts) gives one path per node of the graph, and a parallel chart's nodes are
 * the product of its regions: hundreds of paths, most of them taking only transitions other paths already take.
 * `fewestCoveringPaths` keeps, greedily, the path that takes the most transitions (and shows the most views) not
 * yet taken, until every one is; the paths stay shortest paths, so each still tells one short story.
 *
 * A state is an atomic state of one region (not a combination of the regions' states). A transition is one of the chart's own (`chartTransitions`): its source, its event and its targets, guarded
 * alternatives apart, eventless (`always`) ones included. A "view" is what a suite says the screen shows differently
 * in a state or a step (who holds the thread, an error, whose claim a step let go...), which transitions alone do not
 * tell apart; it may read the state the step left.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, SnapshotFrom } from "xstate";
import type { ModelPath } from "./model";

interface TransitionLike {
  source: { id: string };
  target?: readonly { id: string }[] | undefined;
  eventType: string;
}

interface StateNodeLike {
  id: string;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[] | undefined;
  states: Record<string, StateNodeLike>;
}

const targetsOf = (transition: TransitionLike) => (transition.target ?? []).map((node) => node.id).join(",");
const nameOf = (transition: TransitionLike, eventType = transition.eventType) =>
  `${transition.source.id} ${eventType} → ${targetsOf(transition) || "(stays)"}`;

function nodesOf(node: StateNodeLike): StateNodeLike[] {
  return [node, ...Object.values(node.states).flatMap(nodesOf)];
}

/** The transitions no event of the outside world selects: eventless ones, and a parallel state's `onDone`. */
function internalTransitions(machine: AnyStateMachine): TransitionLike[] {
  return nodesOf(machine.root as unknown as StateNodeLike).flatMap((node) => [
    ...(node.always ?? []),
    ...[...node.transitions.entries()].filter(([type]) => type.startsWith("xstate.done.state.")).flatMap(([, transitions]) => transitions),
  ]);
}

/** Every transition of the chart, named as `pathTransitions` names the ones a path takes. */
export function chartTransitions(machine: AnyStateMachine): string[] {
  return nodesOf(machine.root as unknown as StateNodeLike).flatMap((node) => [
    ...[...node.transitions.values()].flat().map((transition) => nameOf(transition)),
    ...(node.always ?? []).map((transition) => nameOf(transition, "always")),
  ]);
}

/** The ids of the atomic states a snapshot is in. */
function leafIds(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  const walk = (value: unknown, path: string): string[] =>
    typeof value === "string" ? [`${path}.${value}`] : Object.entries(value as object).flatMap(([key, child]) => walk(child, `${path}.${key}`));
  return walk(snapshot.value, machine.id);
}

const within = (id: string, ancestor: string) => id === ancestor || id.startsWith(`${ancestor}.`);

/**
 * The transitions one step takes: those its event selects, then the internal ones that follow (eventless `always`,
 * a parallel state's `onDone`) and lead to states the step enters. An internal transition counts when its source was
 * active, or was entered on the way (inside a target of a transition taken before it), and it targets an entered state.
 */
function stepTransitions(machine: AnyStateMachine, internal: TransitionLike[], from: AnyMachineSnapshot, event: EventObject, to: AnyMachineSnapshot): string[] {
  const taken = machine.getTransitionData(from, event) as unknown as TransitionLike[];
  const targets = taken.flatMap((transition) => (transition.target ?? []).map((node) => node.id));
  const before = leafIds(machine, from);
  const entered = leafIds(machine, to).filter((id) => !before.includes(id));
  const followed: TransitionLike[] = [];
  const active = (source: string) => before.some((id) => within(id, source)) || targets.some((target) => within(source, target) || within(target, source));
  for (let more = true; more; ) {
    const next = internal.filter(
      (transition) =>
        !followed.includes(transition) &&
        active(transition.source.id) &&
        (transition.target ?? []).some((node) => entered.some((id) => within(id, node.id))),
    );
    followed.push(...next);
    targets.push(...next.flatMap((transition) => (transition.target ?? []).map((node) => node.id)));
    more = next.length > 0;
  }
  const always = new Set(nodesOf(machine.root as unknown as StateNodeLike).flatMap((node) => node.always ?? []));
  return [...taken, ...followed].map((transition) => nameOf(transition, always.has(transition) ? "always" : transition.eventType));
}

/**
 * The transitions an event selects in a snapshot, named as `chartTransitions` names them: for a parent that passes
 * its child's events on, the transitions that carry a child's path (the child's path does not walk the parent's chart).
 */
export function selectedTransitions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  return (machine.getTransitionData(snapshot, event) as unknown as TransitionLike[]).map((transition) => nameOf(transition));
}

/** The transitions a path takes, in order. */
export function pathTransitions<Machine extends AnyStateMachine, Event extends EventObject>(machine: Machine, path: ModelPath<Machine, Event>): string[] {
  return path.steps.slice(1).flatMap((step, index) => stepTransitions(machine, internalTransitions(machine), path.steps[index]!.state, step.event, step.state));
}

export interface Candidate<Machine extends AnyStateMachine, Event extends EventObject, Extra> {
  path: ModelPath<Machine, Event>;
  /** What the suite needs beside the path (its family's set-up, say). */
  extra: Extra;
}

/**
 * The fewest candidates (greedily) that together take every transition any candidate takes and show every view
 * any candidate shows. Deterministic: ties go to the shorter path, then to the earlier candidate.
 */
export function fewestCoveringPaths<Machine extends AnyStateMachine, Event extends EventObject, Extra>(
  machine: Machine,
  candidates: Candidate<Machine, Event, Extra>[],
  views: (snapshot: SnapshotFrom<Machine>, event: Event, previous: SnapshotFrom<Machine> | undefined) => string[] = () => [],
): Candidate<Machine, Event, Extra>[] {
  const covers = candidates.map((candidate) => ({
    candidate,
    items: new Set([
      ...pathTransitions(machine, candidate.path),
      ...candidate.path.steps.flatMap((step, index) => [
        ...leafIds(machine, step.state).map((id) => `state ${id}`),
        ...views(step.state, step.event, candidate.path.steps[index - 1]?.state).map((view) => `view ${view}`),
      ]),
    ]),
  }));
  const left = new Set(covers.flatMap(({ items }) => [...items]));
  const chosen: Candidate<Machine, Event, Extra>[] = [];
  while (left.size > 0) {
    let best = covers[0]!;
    let bestGain = -1;
    for (const cover of covers) {
      const gain = [...cover.items].filter((item) => left.has(item)).length;
      if (gain > bestGain || (gain === bestGain && cover.candidate.path.steps.length < best.candidate.path.steps.length)) {
        best = cover;
        bestGain = gain;
      }
    }
    chosen.push(best.candidate);
    for (const item of best.items) left.delete(item);
  }
  return chosen;
}
