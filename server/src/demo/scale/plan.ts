import { OBSERVERS_DELETED_AT } from "../content/calendar.ts";
import { DEMO_COUNTIES } from "../content/counties.ts";
import { INACTIVE_NGO, planNotes, planObserver, planSeed, planVisit, type NotePlan, type ObserverPlan, type VisitPlan } from "../plan.ts";
import { Random } from "../random.ts";
import { NOTIFICATION_SENDERS, NOTIFICATION_TEXTS } from "./content.ts";
import type { ScaleProfile } from "./profile.ts";

/*
 * The election-day dataset's plan, on top of the demo's: observer k (k > DEMO_SIZE) is drawn from seeds of its own,
 * so that any chunk of observers can be planned, written, or planned again after a crash, without the others. The
 * draws themselves are the demo's (planObserver, planVisit, planNotes); only the sizes and shares differ.
 */

/** The demo seed plans and writes observers 1..DEMO_SIZE; the dataset's own observers follow. */
export const DEMO_SIZE = 200;

/** NGO of observer k: 7:5:1:4:3 over NGOs 1..5 (NGO 3 is the demo's inactive one). */
const NGO_CYCLE = [1, 2, 4, 1, 5, 2, 1, 4, 1, 2, 5, 1, 4, 2, 1, 3, 1, 4, 2, 5] as const;
/** Observers of active NGOs who turn up on the day. */
const TURNOUT = 0.954;
/** Observers who answered and left after the election (soft-deleted; their answers stay). */
const LEAVERS = 0.02;
/**
 * Share of flagged answers by visit, where a question has a flagged option: most stations are calm, some have
 * trouble, a few a lot, so that irregularities cluster as they do on a real election day (about 3% overall).
 */
const TROUBLE = [
  { below: 0.75, flaggedShare: 0.015 },
  { below: 0.93, flaggedShare: 0.06 },
  { below: 1, flaggedShare: 0.25 },
] as const;
/** Share of notifications sent to every observer in the sender's scope; the others go to one county's observers. */
const TO_ALL = 0.02;

const STATIONS = DEMO_COUNTIES.reduce((sum, county) => sum + county.limit, 0);

/** Independent streams per observer: changing how visits are drawn leaves the observers as they are. */
const seedOf = (k: number, stream: number) => (Math.imul(k, 0x9e3779b1) ^ stream) >>> 0;

export interface ScaleObserver {
  observer: ObserverPlan;
  /** Whether the observer turned up and answered (never for the inactive NGO). */
  answering: boolean;
}

export function planScaleObserver(k: number): ScaleObserver {
  const random = new Random(seedOf(k, 0x0b5e7e5));
  const observer = planObserver(random, k, NGO_CYCLE[k % NGO_CYCLE.length]!);
  const answering = observer.ngo !== INACTIVE_NGO && random.chance(TURNOUT);
  if (answering && random.chance(LEAVERS)) observer.deletedAt = OBSERVERS_DELETED_AT;
  return { observer, answering };
}

/**
 * A mobile team's day: a county weighted by its stations, then `profile.visits` distinct stations in it, low numbers
 * (the towns) more often, so that some stations stay unobserved as on a real day.
 */
export function planScaleVisits(k: number, observer: ObserverPlan, profile: ScaleProfile): VisitPlan[] {
  const random = new Random(seedOf(k, 0x5ec71e));
  const county = countyAtStation(random.int(0, STATIONS - 1));
  const wanted = Math.min(county.limit, random.int(profile.visits[0], profile.visits[1]));
  const numbers = new Set<number>();
  const visits: VisitPlan[] = [];
  while (numbers.size < wanted) {
    const number = 1 + Math.floor(county.limit * random.next() ** 2);
    if (numbers.has(number)) continue;
    numbers.add(number);
    const flaggedShare = TROUBLE.find((level) => random.next() < level.below)!.flaggedShare;
    visits.push(planVisit(random, observer.phone, { county: county.code, number }, false, flaggedShare));
  }
  return visits;
}

/** Where each answering observer's notes start and how many it wrote: `profile.notes` in all, spread evenly. */
export interface NoteAllotment { firstKey: number; count: number }

export function allotNotes(profile: ScaleProfile): Map<number, NoteAllotment> {
  const demoNotes = planSeed(Math.min(DEMO_SIZE, profile.observers)).notes.length;
  const answering: number[] = [];
  for (let k = DEMO_SIZE + 1; k <= profile.observers; k++) if (planScaleObserver(k).answering) answering.push(k);
  const total = Math.max(0, profile.notes - demoNotes);
  const before = (rank: number) => Math.floor((rank * total) / answering.length);
  return new Map(answering.map((k, rank) => [k, { firstKey: demoNotes + before(rank) + 1, count: before(rank + 1) - before(rank) }]));
}

export function planScaleNotes(k: number, visits: VisitPlan[], allotment: NoteAllotment | undefined): NotePlan[] {
  if (!allotment) return [];
  return planNotes(visits, allotment.count, new Random(seedOf(k, 0x0707e5)), allotment.firstKey);
}

/** What one chunk of observers writes. */
export interface ChunkPlan {
  observers: ObserverPlan[];
  visits: VisitPlan[];
  notes: NotePlan[];
}

/** Observers `first`..`last` (both > DEMO_SIZE) with their visits and notes. */
export function planChunk(first: number, last: number, profile: ScaleProfile, notes: Map<number, NoteAllotment>): ChunkPlan {
  const plan: ChunkPlan = { observers: [], visits: [], notes: [] };
  for (let k = first; k <= last; k++) {
    const { observer, answering } = planScaleObserver(k);
    plan.observers.push(observer);
    if (!answering) continue;
    const visits = planScaleVisits(k, observer, profile);
    plan.visits.push(...visits);
    plan.notes.push(...planScaleNotes(k, visits, notes.get(k)));
  }
  return plan;
}

/** The chunks of observers after the demo's: [first, last] each, `profile.chunk` at a time. */
export function observerChunks(profile: ScaleProfile): [first: number, last: number][] {
  const chunks: [number, number][] = [];
  for (let first = DEMO_SIZE + 1; first <= profile.observers; first += profile.chunk) {
    chunks.push([first, Math.min(profile.observers, first + profile.chunk - 1)]);
  }
  return chunks;
}

export interface ScaleNotificationPlan {
  title: string;
  message: string;
  sentAt: Date;
  /** The sending admin's account. */
  sender: string;
  audience: "all" | "selected";
  /** For `selected`: the county whose arrived observers (in the sender's scope) receive it. */
  county: string | null;
}

/** The situation room's notifications: a week of preparation, then most of them on the day itself. */
export function planScaleNotifications(count: number): ScaleNotificationPlan[] {
  const random = new Random(0x2071f2);
  const totalWeight = NOTIFICATION_SENDERS.reduce((sum, sender) => sum + sender.weight, 0);
  return Array.from({ length: count }, () => {
    const text = random.pick(NOTIFICATION_TEXTS);
    let draw = random.next() * totalWeight;
    const sender = NOTIFICATION_SENDERS.find((candidate) => (draw -= candidate.weight) < 0) ?? NOTIFICATION_SENDERS[0]!;
    const sentAt = random.chance(0.7) ? random.timeBetween(4, 21) : random.timeBetween(-7 * 24, -2);
    const toAll = random.chance(TO_ALL);
    const county = toAll ? null : countyAtStation(random.int(0, STATIONS - 1)).code;
    return { ...text, sentAt, sender: sender.account, audience: toAll ? "all" : "selected", county };
  });
}

/** The county of the `index`-th station (from 0) in DEMO_COUNTIES' order: a draw weighted by station count. */
function countyAtStation(index: number) {
  let rest = index;
  for (const county of DEMO_COUNTIES) {
    if (rest < county.limit) return county;
    rest -= county.limit;
  }
  return DEMO_COUNTIES[DEMO_COUNTIES.length - 1]!;
}
