import type { components } from "../../../openapi/schema.d.ts";
import { DEMO_OBSERVERS } from "./accounts.ts";
import { OBSERVERS_DELETED_AT, SETUP_TIME } from "./content/calendar.ts";
import { DEMO_COUNTIES } from "./content/counties.ts";
import { ANSWER_WINDOWS, DEMO_FORMS } from "./content/forms.ts";
import { FIRST_NAMES, FREE_TEXTS, LAST_NAMES, NOTE_TEXTS, NOTIFICATIONS } from "./content/texts.ts";
import { hourOf, Random } from "./random.ts";

/*
 * The plan: every row the seed writes, with natural keys (phones, county codes, question codes) instead of
 * database ids. Pure and deterministic: each step draws from its own fixed seed, so changing one step does not
 * reshuffle the others. Changing any of it changes the demo the approved screenshots show.
 */

type FormInput = components["schemas"]["FormInput"];
type QuestionInput = components["schemas"]["QuestionInput"];

export interface ObserverPlan {
  phone: string;
  name: string;
  pin: string;
  /** Position in DEMO_NGOS, from 1. */
  ngo: number;
  createdAt: Date;
  deviceRegisterDate: Date | null;
  mobileDeviceId: string | null;
  fcmToken: string | null;
  deletedAt: Date | null;
}

export interface StationRef { county: string; number: number }

export interface Submission {
  formCode: string;
  lastModified: Date;
  /** Chosen options by question code; the value is set for free-text options. */
  choices: { questionCode: string; optionIndex: number; value: string | null }[];
}

export interface VisitPlan {
  phone: string;
  station: StationRef;
  arrival: Date;
  leave: Date | null;
  urbanArea: boolean | null;
  isPresidentFemale: boolean | null;
  submissions: Submission[];
}

export interface NotePlan {
  /** From 1; names the note's attachments. */
  key: number;
  visit: VisitPlan;
  questionCode: string | null;
  text: string;
  lastModified: Date;
  images: number;
}

export interface NotificationPlan { recipients: string[] }

/** A station an observer was sent to before election day. */
export interface AssignmentPlan { phone: string; station: StationRef }

export interface SeedPlan {
  observers: ObserverPlan[];
  visits: VisitPlan[];
  assignments: AssignmentPlan[];
  notes: NotePlan[];
  /** One per entry of NOTIFICATIONS, in its order. */
  notifications: NotificationPlan[];
}

/** NGO of observer k: a 20-slot cycle of 12 × NGO 1, 7 × NGO 2, 1 × NGO 3, starting 1, 2 (the demo observers). */
const NGO_CYCLE = [1, 2, 1, 1, 2, 1, 2, 1, 1, 2, 1, 1, 2, 1, 2, 1, 1, 2, 1, 3] as const;
export const INACTIVE_NGO = 3;
/** The demo's share of flagged answers where a question has a flagged option: high, so that every screen shows some. */
const FLAGGED_SHARE = 0.15;

export const demoPhones: ReadonlySet<string> = new Set(DEMO_OBSERVERS.map((observer) => observer.phone));
export const phoneOf = (k: number) => `0721${String(k).padStart(6, "0")}`;
export const pinOf = (k: number) => String((1234 + (k - 1) * 7919) % 10_000).padStart(4, "0");

export function planSeed(observerCount: number): SeedPlan {
  const observers = planObservers(observerCount);
  const answering = pickAnsweringObservers(observers);
  const visits = planVisits(answering);
  // Two observers left after the election: soft-deleted, their answers stay attributed.
  const leavers = answering.filter((observer) => !demoPhones.has(observer.phone)).slice(3, 5);
  for (const observer of leavers) observer.deletedAt = OBSERVERS_DELETED_AT;
  return {
    observers,
    visits,
    assignments: planAssignments(observers, visits),
    notes: planNotes(visits, Math.round(observerCount * 0.3)),
    notifications: planNotifications(observers.filter((observer) => observer.deletedAt === null)),
  };
}

export function planObservers(count: number): ObserverPlan[] {
  const random = new Random(0x0b5e7e5);
  return Array.from({ length: count }, (_, index) => planObserver(random, index + 1, NGO_CYCLE[index % NGO_CYCLE.length]!));
}

/** Observer number k (from 1) of NGO `ngo`: its phone, PIN and creation time follow from k, the rest is drawn. */
export function planObserver(random: Random, k: number, ngo: number): ObserverPlan {
  const phone = phoneOf(k);
  // Device lock may be on: the demo observers stay unbound so that any device can sign in as them.
  const registered = !demoPhones.has(phone) && random.chance(0.72);
  const deviceRegisterDate = registered ? random.timeBetween(-48, 5) : null;
  return {
    phone,
    name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
    pin: pinOf(k),
    ngo,
    createdAt: new Date(SETUP_TIME.getTime() + k * 60_000),
    deviceRegisterDate,
    mobileDeviceId: registered ? `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-a${random.hex(3)}-${random.hex(12)}` : null,
    fcmToken: registered ? `demo-fcm:${random.hex(22)}` : null,
    deletedAt: null,
  };
}

/** About 60% of all observers, none of the inactive NGO, always the demo observers; in the given order. */
export function pickAnsweringObservers(observers: ObserverPlan[]): ObserverPlan[] {
  const random = new Random(0xa115);
  const eligible = observers.filter((observer) => observer.ngo !== INACTIVE_NGO && !demoPhones.has(observer.phone));
  for (let i = eligible.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [eligible[i], eligible[j]] = [eligible[j]!, eligible[i]!];
  }
  const wanted = Math.max(0, Math.round(observers.length * 0.6) - demoPhones.size);
  const chosen = new Set([...eligible.slice(0, wanted).map((observer) => observer.phone), ...demoPhones]);
  return observers.filter((observer) => chosen.has(observer.phone));
}

/** One or two stations per observer; the demo observers' first opening form always has a flagged answer. */
export function planVisits(answering: ObserverPlan[], random = new Random(0x5ec71e)): VisitPlan[] {
  const visits: VisitPlan[] = [];
  for (const observer of answering) {
    const stationCount = random.chance(0.6) ? 1 : 2;
    const seen = new Set<string>();
    for (let s = 0; s < stationCount; s++) {
      const station = pickStation(random, visits.length);
      const key = `${station.county}:${station.number}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const forceFlag = s === 0 && demoPhones.has(observer.phone);
      visits.push(planVisit(random, observer.phone, station, forceFlag));
    }
  }
  return visits;
}

/**
 * One station per observer of an active NGO still taking part: most were sent where they then reported first; one in
 * ten of those went elsewhere on the day (the thread marks the arrival off its assignment); those who never reported
 * were sent somewhere nobody of theirs reached (coverage's "assigned, not arrived").
 */
export function planAssignments(observers: ObserverPlan[], visits: VisitPlan[], random = new Random(0xa5516e)): AssignmentPlan[] {
  const firstVisit = new Map<string, StationRef>();
  for (const visit of visits) if (!firstVisit.has(visit.phone)) firstVisit.set(visit.phone, visit.station);
  return observers
    .filter((observer) => observer.ngo !== INACTIVE_NGO && observer.deletedAt === null)
    .map((observer) => {
      const visited = firstVisit.get(observer.phone);
      const moved = visited !== undefined && !demoPhones.has(observer.phone) && random.chance(0.1);
      return { phone: observer.phone, station: visited !== undefined && !moved ? visited : pickStation(random, 0) };
    });
}

function pickStation(random: Random, visitIndex: number): StationRef {
  // Every 25th visit is abroad, so the diaspora form has answers even in a small demo.
  const county = visitIndex % 25 === 2 ? DEMO_COUNTIES[0]! : random.pick(DEMO_COUNTIES);
  return { county: county.code, number: random.int(1, county.limit) };
}

/** A visit: arrival before opening, forms A and B, C half the time, D abroad; station facts mostly known. */
export function planVisit(random: Random, phone: string, station: StationRef, forceFlag: boolean, flaggedShare = FLAGGED_SHARE): VisitPlan {
  const arrival = random.timeBetween(5.25, 6.5);
  const forms = DEMO_FORMS.filter(
    (form) =>
      form.code === "A" ||
      form.code === "B" ||
      (form.code === "C" && random.chance(0.5)) ||
      (form.code === "D" && station.county === "D"),
  );
  const submissions = forms.map((form) => {
    const [from, to] = ANSWER_WINDOWS[form.code]!;
    const lastModified = random.timeBetween(Math.max(from, hourOf(arrival) + 0.1), to);
    return planSubmission(random, form, lastModified, forceFlag && form.code === "A", flaggedShare);
  });
  return {
    phone,
    station,
    arrival,
    leave: random.chance(0.5) ? random.timeBetween(19.5, 21) : null,
    urbanArea: random.chance(0.1) ? null : random.chance(0.55),
    isPresidentFemale: random.chance(0.15) ? null : random.chance(0.45),
    submissions,
  };
}

/** One option per question (sometimes two for multiple choice); `flaggedShare` of them flagged where possible. */
export function planSubmission(random: Random, form: FormInput, lastModified: Date, forceFlag: boolean, flaggedShare = FLAGGED_SHARE): Submission {
  const choices: Submission["choices"] = [];
  form.formSections.forEach((section, sectionIndex) => {
    section.questions.forEach((question, questionIndex) => {
      const forced = forceFlag && sectionIndex === 0 && questionIndex === 1;
      for (const optionIndex of chooseOptions(random, question, forced, flaggedShare)) {
        const freeText = question.optionsToQuestions[optionIndex]!.isFreeText;
        choices.push({ questionCode: question.code, optionIndex, value: freeText ? random.pick(FREE_TEXTS) : null });
      }
    });
  });
  return { formCode: form.code, lastModified, choices };
}

function chooseOptions(random: Random, question: QuestionInput, forceFlag: boolean, flaggedShare: number): number[] {
  const indexed = question.optionsToQuestions.map((option, index) => ({ option, index }));
  const flagged = indexed.filter(({ option }) => option.flagged).map(({ index }) => index);
  const regular = indexed.filter(({ option }) => !option.flagged).map(({ index }) => index);
  const multiple = question.questionType === 0 || question.questionType === 3;
  if (flagged.length > 0 && (forceFlag || random.chance(flaggedShare))) {
    const first = random.pick(flagged);
    const second = random.pick(flagged);
    return multiple && second !== first && random.chance(0.35) ? [first, second] : [first];
  }
  // Most observers see the ordinary case; free-text "other" answers stay occasional.
  const first = random.chance(0.7) ? regular[0]! : random.pick(regular);
  if (multiple && flagged.length === 0 && regular.length > 1 && random.chance(0.4)) {
    const second = random.pick(regular.filter((index) => index !== first));
    return [first, second];
  }
  return [first];
}

/** Notes written during a visit, a third of them with one or two photos; keys from `firstKey`. */
export function planNotes(visits: VisitPlan[], count: number, random = new Random(0x0707e5), firstKey = 1): NotePlan[] {
  if (visits.length === 0) return [];
  return Array.from({ length: count }, (_, position) => {
    const index = firstKey - 1 + position;
    const visit = random.pick(visits);
    const onQuestion = random.chance(0.6);
    const submission = random.pick(visit.submissions);
    const questionCode = onQuestion ? random.pick(submission.choices).questionCode : null;
    return {
      key: index + 1,
      visit,
      questionCode,
      text: random.pick(NOTE_TEXTS),
      lastModified: random.timeBetween(hourOf(visit.arrival) + 0.25, 19),
      images: index % 3 === 0 ? random.int(1, 2) : 0,
    };
  });
}

/** Recipients (phones, sorted) of each of `count` notifications: 4 to 8 observers with a device, none of the inactive NGO. */
export function planNotifications(observers: ObserverPlan[], count: number = NOTIFICATIONS.length, random = new Random(0x2071f1)): NotificationPlan[] {
  const registered = observers.filter((observer) => observer.fcmToken !== null && observer.ngo !== INACTIVE_NGO);
  return Array.from({ length: count }, () => {
    const recipients = new Set<string>();
    const wanted = Math.min(registered.length, random.int(4, 8));
    while (recipients.size < wanted) recipients.add(random.pick(registered).phone);
    return { recipients: [...recipients].sort() };
  });
}
