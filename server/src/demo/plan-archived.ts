import { ARCHIVED_SHIFT } from "./content/calendar.ts";
import { ARCHIVED_NOTIFICATIONS } from "./content/texts.ts";
import {
  demoPhones,
  planAssignments,
  planNotes,
  planNotifications,
  planVisits,
  type AssignmentPlan,
  type NotePlan,
  type NotificationPlan,
  type ObserverPlan,
  type SeedPlan,
  type VisitPlan,
} from "./plan.ts";
import { Random } from "./random.ts";

/*
 * The demo's archived round, last year's election: a smaller day drawn as this year's is (plan.ts), from seeds of its
 * own so that this year's rows stay as they are, by the same roster, then moved to last year's election day at the
 * same Romanian times.
 */

export interface ArchivedRoundPlan {
  /** The observers who took part, in roster order. */
  observers: ObserverPlan[];
  visits: VisitPlan[];
  assignments: AssignmentPlan[];
  notes: NotePlan[];
  /** One per entry of ARCHIVED_NOTIFICATIONS, in its order. */
  notifications: NotificationPlan[];
}

/**
 * A third of the roster, always the demo observers, the others drawn from those who answer this year too (so that
 * each observer's last activity stays this year's); notes keyed after this year's, so that their photos are files of
 * their own.
 */
export function planArchivedRound(plan: SeedPlan): ArchivedRoundPlan {
  const observers = pickParticipants(plan);
  const visits = planVisits(observers, new Random(0x2025_05_18));
  const notes = planNotes(visits, Math.round(observers.length * 0.15), new Random(0x2025_0707), plan.notes.length + 1);
  // Last year every one of them was still on the roster: the two who left this year were sent to stations too.
  const onRoster = observers.map((observer) => ({ ...observer, deletedAt: null }));
  const assignments = planAssignments(onRoster, visits, new Random(0x2025_a551));
  const notifications = planNotifications(onRoster, ARCHIVED_NOTIFICATIONS.length, new Random(0x2025_2071));
  const shiftedVisits = new Map(visits.map((visit) => [visit, shiftVisit(visit)]));
  return {
    observers,
    visits: [...shiftedVisits.values()],
    assignments,
    notes: notes.map((note) => ({ ...note, visit: shiftedVisits.get(note.visit)!, lastModified: shift(note.lastModified) })),
    notifications,
  };
}

function pickParticipants(plan: SeedPlan): ObserverPlan[] {
  const answering = new Set(plan.visits.map((visit) => visit.phone));
  const random = new Random(0x2025_a115);
  const eligible = plan.observers.filter((observer) => answering.has(observer.phone) && !demoPhones.has(observer.phone));
  for (let i = eligible.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [eligible[i], eligible[j]] = [eligible[j]!, eligible[i]!];
  }
  const wanted = Math.max(0, Math.round(plan.observers.length / 3) - demoPhones.size);
  const chosen = new Set([...eligible.slice(0, wanted).map((observer) => observer.phone), ...demoPhones]);
  return plan.observers.filter((observer) => chosen.has(observer.phone));
}

const shift = (date: Date) => new Date(date.getTime() + ARCHIVED_SHIFT);

function shiftVisit(visit: VisitPlan): VisitPlan {
  return {
    ...visit,
    arrival: shift(visit.arrival),
    leave: visit.leave === null ? null : shift(visit.leave),
    submissions: visit.submissions.map((submission) => ({ ...submission, lastModified: shift(submission.lastModified) })),
  };
}
