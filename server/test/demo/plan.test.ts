import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEMO_OBSERVERS } from "../../src/demo/accounts.ts";
import { DEMO_FORMS } from "../../src/demo/content/forms.ts";
import { NOTIFICATIONS } from "../../src/demo/content/texts.ts";
import { pickAnsweringObservers, planNotes, planNotifications, planObservers, planSeed, planSubmission, planVisits } from "../../src/demo/plan.ts";
import { planArchivedRound } from "../../src/demo/plan-archived.ts";
import { Random } from "../../src/demo/random.ts";

const demoPhones = DEMO_OBSERVERS.map((observer) => observer.phone);
const formByCode = new Map(DEMO_FORMS.map((form) => [form.code, form]));
const countBy = <T>(items: T[], key: (item: T) => string | number) =>
  items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});

describe("planSeed", () => {
  it("draws the same demo every time: the one the visual screenshots were approved against", () => {
    const plan = planSeed(200);
    expect(planSeed(200)).toEqual(plan);
    // A meant change of the demo data also needs the screenshots re-approved (npm run test:visual:approve).
    expect(createHash("sha256").update(JSON.stringify(plan)).digest("hex")).toBe(
      "026889f44deba9572adaee41b62e8d4f6e89cc971ac11638c360f4d89ee34c55",
    );
  });

  it("soft-deletes two answering observers, never a demo observer, and sends them no notification", () => {
    const plan = planSeed(200);
    const deleted = plan.observers.filter((observer) => observer.deletedAt !== null).map((observer) => observer.phone);
    expect(deleted).toHaveLength(2);
    expect(deleted.some((phone) => demoPhones.includes(phone))).toBe(false);
    const visited = new Set(plan.visits.map((visit) => visit.phone));
    expect(deleted.every((phone) => visited.has(phone))).toBe(true);
    const recipients = plan.notifications.flatMap((notification) => notification.recipients);
    expect(recipients.some((phone) => deleted.includes(phone))).toBe(false);
  });

  it("has flagged answers for observers of NGO 1 and of NGO 2, none for the inactive NGO", () => {
    const plan = planSeed(200);
    const ngoOf = new Map(plan.observers.map((observer) => [observer.phone, observer.ngo]));
    const flagged = plan.visits.flatMap((visit) =>
      visit.submissions.flatMap((submission) =>
        submission.choices
          .filter((choice) => isFlagged(submission.formCode, choice.questionCode, choice.optionIndex))
          .map(() => ngoOf.get(visit.phone)!),
      ),
    );
    const byNgo = countBy(flagged, (ngo) => ngo);
    expect(byNgo[1]).toBeGreaterThan(0);
    expect(byNgo[2]).toBeGreaterThan(0);
    expect(byNgo[3]).toBeUndefined();
  });

  it("plans nothing but the fixed content for no observers", () => {
    expect(planSeed(0)).toEqual({ observers: [], visits: [], assignments: [], notes: [], notifications: NOTIFICATIONS.map(() => ({ recipients: [] })) });
  });

  it("assigns every observer still taking part once: most where they reported first, some elsewhere, the rest not arrived", () => {
    const plan = planSeed(200);
    const takingPart = plan.observers.filter((observer) => observer.ngo !== 3 && observer.deletedAt === null).map((observer) => observer.phone);
    expect(plan.assignments.map((assignment) => assignment.phone)).toEqual(takingPart);
    const firstVisit = new Map<string, string>();
    for (const visit of [...plan.visits].reverse()) firstVisit.set(visit.phone, `${visit.station.county} ${visit.station.number}`);
    const where = (assignment: (typeof plan.assignments)[number]) => {
      const first = firstVisit.get(assignment.phone);
      if (first === undefined) return "not arrived";
      return first === `${assignment.station.county} ${assignment.station.number}` ? "as assigned" : "moved";
    };
    const kinds = countBy(plan.assignments, where);
    expect(kinds["as assigned"]).toBeGreaterThan(kinds.moved! * 5);
    expect(kinds.moved).toBeGreaterThan(0);
    expect(kinds["not arrived"]).toBeGreaterThan(0);
    // The demo observers, whom the README names, report where they were sent.
    expect(plan.assignments.filter((assignment) => demoPhones.includes(assignment.phone)).map(where)).toEqual(demoPhones.map(() => "as assigned"));
  });
});

describe("planObservers", () => {
  const observers = planObservers(200);

  it("gives unique mobile phones outside the admins' range and spreads them 12:7:1 over the NGOs", () => {
    expect(new Set(observers.map((observer) => observer.phone)).size).toBe(200);
    expect(observers.every((observer) => /^07\d{8}$/.test(observer.phone) && !observer.phone.startsWith("07000000"))).toBe(true);
    expect(countBy(observers, (observer) => observer.ngo)).toEqual({ 1: 120, 2: 70, 3: 10 });
  });

  it("starts with the demo observers, of NGO 1 and NGO 2, with their PINs and no bound device", () => {
    expect(observers.slice(0, 2)).toMatchObject(
      DEMO_OBSERVERS.map((demo, index) => ({ ...demo, ngo: index + 1, mobileDeviceId: null, fcmToken: null, deletedAt: null })),
    );
  });

  it("registers most other observers' devices, each with a push token", () => {
    const registered = observers.filter((observer) => observer.mobileDeviceId !== null);
    expect(registered.length).toBeGreaterThan(120);
    expect(registered.length).toBeLessThan(170);
    expect(registered.every((observer) => observer.fcmToken !== null && observer.deviceRegisterDate !== null)).toBe(true);
  });
});

describe("planVisits", () => {
  const observers = planObservers(200);
  const answering = pickAnsweringObservers(observers);
  const visits = planVisits(answering);

  it("lets 60% of the observers answer, always the demo observers, never the inactive NGO", () => {
    expect(answering).toHaveLength(120);
    expect(demoPhones.every((phone) => answering.some((observer) => observer.phone === phone))).toBe(true);
    expect(answering.some((observer) => observer.ngo === 3)).toBe(false);
  });

  it("visits one or two stations per answering observer, within each county's range", () => {
    const perObserver = countBy(visits, (visit) => visit.phone);
    expect(Object.keys(perObserver)).toHaveLength(120);
    expect(Object.values(perObserver).every((count) => count === 1 || count === 2)).toBe(true);
    expect(visits.every((visit) => visit.station.number >= 1)).toBe(true);
  });

  it("fills in A and B everywhere and D exactly at the stations abroad", () => {
    for (const visit of visits) {
      const codes = visit.submissions.map((submission) => submission.formCode);
      expect(codes.slice(0, 2)).toEqual(["A", "B"]);
      expect(codes.includes("D")).toBe(visit.station.county === "D");
      expect(codes.includes("E")).toBe(false);
    }
    expect(visits.some((visit) => visit.station.county === "D")).toBe(true);
  });

  it("answers a flagged option in each demo observer's first opening form", () => {
    for (const phone of demoPhones) {
      const opening = visits.find((visit) => visit.phone === phone)!.submissions[0]!;
      expect(opening.choices.some((choice) => isFlagged("A", choice.questionCode, choice.optionIndex))).toBe(true);
    }
  });
});

describe("planSubmission", () => {
  const form = formByCode.get("B")!;
  const submissions = Array.from({ length: 50 }, (_, index) => planSubmission(new Random(index), form, new Date(0), false));

  it("answers every question once, twice at most for multiple choice", () => {
    const questions = form.formSections.flatMap((section) => section.questions);
    for (const submission of submissions) {
      const perQuestion = countBy(submission.choices, (choice) => choice.questionCode);
      for (const question of questions) {
        const limit = question.questionType === 0 || question.questionType === 3 ? 2 : 1;
        expect(perQuestion[question.code]).toBeGreaterThanOrEqual(1);
        expect(perQuestion[question.code]).toBeLessThanOrEqual(limit);
      }
    }
  });

  it("gives a text to free-text options only", () => {
    const choices = submissions.flatMap((submission) => submission.choices);
    const freeText = (questionCode: string, optionIndex: number) => optionOf("B", questionCode, optionIndex).isFreeText;
    expect(choices.some((choice) => freeText(choice.questionCode, choice.optionIndex))).toBe(true);
    expect(choices.every((choice) => (choice.value !== null) === freeText(choice.questionCode, choice.optionIndex))).toBe(true);
  });
});

describe("planNotes and planNotifications", () => {
  const plan = planSeed(200);

  it("writes notes during visits, on a question answered there or on none, a third of them with photos", () => {
    expect(plan.notes).toHaveLength(60);
    for (const note of plan.notes) {
      const answered = note.visit.submissions.flatMap((submission) => submission.choices.map((choice) => choice.questionCode));
      if (note.questionCode !== null) expect(answered).toContain(note.questionCode);
      expect(note.lastModified.getTime()).toBeGreaterThan(note.visit.arrival.getTime());
      expect(note.key % 3 === 1 ? [1, 2] : [0]).toContain(note.images);
    }
    expect(planNotes([], 10)).toEqual([]);
  });

  it("sends each notification to 4–8 observers with a registered device, none of the inactive NGO", () => {
    const byPhone = new Map(plan.observers.map((observer) => [observer.phone, observer]));
    expect(plan.notifications).toHaveLength(NOTIFICATIONS.length);
    for (const { recipients } of plan.notifications) {
      expect(recipients.length).toBeGreaterThanOrEqual(4);
      expect(recipients.length).toBeLessThanOrEqual(8);
      expect(recipients).toEqual([...new Set(recipients)].sort());
      expect(recipients.every((phone) => byPhone.get(phone)!.fcmToken !== null && byPhone.get(phone)!.ngo !== 3)).toBe(true);
    }
    expect(planNotifications([])).toEqual(NOTIFICATIONS.map(() => ({ recipients: [] })));
  });
});

function optionOf(formCode: string, questionCode: string, optionIndex: number) {
  const question = formByCode
    .get(formCode)!
    .formSections.flatMap((section) => section.questions)
    .find((q) => q.code === questionCode)!;
  return question.optionsToQuestions[optionIndex]!;
}

function isFlagged(formCode: string, questionCode: string, optionIndex: number) {
  return optionOf(formCode, questionCode, optionIndex).flagged;
}

describe("planArchivedRound", () => {
  const plan = planSeed(200);
  const archived = planArchivedRound(plan);

  it("draws last year's round the same every time, without changing this year's plan", () => {
    expect(planArchivedRound(planSeed(200))).toEqual(archived);
    expect(planSeed(200)).toEqual(plan);
  });

  it("is the day of a third of the roster, the demo observers and others who answer this year too", () => {
    const phones = archived.observers.map((observer) => observer.phone);
    expect(phones).toHaveLength(67);
    expect(phones.slice(0, 2)).toEqual(demoPhones);
    const answering = new Set(plan.visits.map((visit) => visit.phone));
    expect(phones.every((phone) => answering.has(phone))).toBe(true);
    expect(new Set(archived.visits.map((visit) => visit.phone))).toEqual(new Set(phones));
    expect(archived.assignments.map((assignment) => assignment.phone)).toEqual(phones);
  });

  it("dates everything on 2025-05-18 at this year's Bucharest times, and keys its notes after this year's", () => {
    const bucharest = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Bucharest", year: "numeric", month: "2-digit", day: "2-digit" });
    const times = [
      ...archived.visits.flatMap((visit) => [visit.arrival, ...(visit.leave ? [visit.leave] : []), ...visit.submissions.map((s) => s.lastModified)]),
      ...archived.notes.map((note) => note.lastModified),
    ];
    expect(new Set(times.map((time) => bucharest.format(time)))).toEqual(new Set(["2025-05-18"]));
    const clock = (time: Date) => new Intl.DateTimeFormat("ro", { timeZone: "Europe/Bucharest", timeStyle: "medium" }).format(time);
    const opening = planVisits(archived.observers, new Random(0x2025_05_18))[0]!;
    expect(clock(archived.visits[0]!.arrival)).toBe(clock(opening.arrival));
    expect(archived.notes[0]!.key).toBe(plan.notes.length + 1);
    expect(archived.notifications).toHaveLength(1);
  });
});
