import { describe, expect, it } from "vitest";
import { DEMO_COUNTIES } from "../../../src/demo/content/counties.ts";
import { DEMO_FORMS } from "../../../src/demo/content/forms.ts";
import { planSeed, type VisitPlan } from "../../../src/demo/plan.ts";
import { NOTIFICATION_SENDERS } from "../../../src/demo/scale/content.ts";
import { allotNotes, DEMO_SIZE, observerChunks, planChunk, planScaleNotifications, planScaleObserver } from "../../../src/demo/scale/plan.ts";
import { SCALE_PROFILE, type ScaleProfile } from "../../../src/demo/scale/profile.ts";

const small: ScaleProfile = { observers: 1_200, visits: [4, 5], notes: 5_000, notifications: 40, chunk: 250 };
const flaggedOption = new Set(
  DEMO_FORMS.flatMap((form) =>
    form.formSections.flatMap((section) =>
      section.questions.flatMap((question) => question.optionsToQuestions.flatMap((option, index) => (option.flagged ? [`${question.code}#${index}`] : []))),
    ),
  ),
);
const countBy = <T>(items: T[], key: (item: T) => string | number) =>
  items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});

describe("planChunk", () => {
  const notes = allotNotes(small);
  const whole = planChunk(DEMO_SIZE + 1, small.observers, small, notes);

  it("plans each observer alone: the chunks together are the whole, whatever their size", () => {
    const chunked = observerChunks(small).map(([first, last]) => planChunk(first, last, small, notes));
    expect(chunked.flatMap((chunk) => chunk.observers)).toEqual(whole.observers);
    expect(chunked.flatMap((chunk) => chunk.visits)).toEqual(whole.visits);
    expect(chunked.flatMap((chunk) => chunk.notes)).toEqual(whole.notes);
    expect(planChunk(DEMO_SIZE + 1, small.observers, small, allotNotes(small))).toEqual(whole);
  });

  it("continues the demo's observers, phones and PINs, over five NGOs; the inactive NGO's observers never answer", () => {
    expect(whole.observers[0]).toMatchObject({ phone: "0721000201" });
    expect(new Set(whole.observers.map((observer) => observer.phone)).size).toBe(small.observers - DEMO_SIZE);
    expect(Object.keys(countBy(whole.observers, (observer) => observer.ngo)).sort()).toEqual(["1", "2", "3", "4", "5"]);
    const answering = new Set(whole.visits.map((visit) => visit.phone));
    expect(whole.observers.filter((observer) => observer.ngo === 3).some((observer) => answering.has(observer.phone))).toBe(false);
    expect(answering.size / whole.observers.length).toBeGreaterThan(0.85);
  });

  it("sends each observer to 4 or 5 distinct stations of one county, within the county's numbers", () => {
    const limits = new Map(DEMO_COUNTIES.map((county) => [county.code, county.limit]));
    const byObserver = new Map<string, VisitPlan[]>();
    for (const visit of whole.visits) byObserver.set(visit.phone, [...(byObserver.get(visit.phone) ?? []), visit]);
    for (const visits of byObserver.values()) {
      expect(visits.length === 4 || visits.length === 5).toBe(true);
      expect(new Set(visits.map((visit) => visit.station.county)).size).toBe(1);
      expect(new Set(visits.map((visit) => visit.station.number)).size).toBe(visits.length);
      expect(visits.every((visit) => visit.station.number >= 1 && visit.station.number <= limits.get(visit.station.county)!)).toBe(true);
    }
  });

  it("flags a few percent of the answers", () => {
    const choices = whole.visits.flatMap((visit) => visit.submissions.flatMap((submission) => submission.choices));
    const share = choices.filter((choice) => flaggedOption.has(`${choice.questionCode}#${choice.optionIndex}`)).length / choices.length;
    expect(share).toBeGreaterThan(0.015);
    expect(share).toBeLessThan(0.05);
  });

  it("writes exactly the profile's notes with the demo's, keyed after the demo's, a third with photos", () => {
    const demoNotes = planSeed(DEMO_SIZE).notes.length;
    expect(whole.notes).toHaveLength(small.notes - demoNotes);
    expect(whole.notes.map((note) => note.key)).toEqual(Array.from({ length: small.notes - demoNotes }, (_, index) => demoNotes + index + 1));
    expect(whole.notes.filter((note) => note.images > 0).length).toBe(Math.floor((small.notes - 1) / 3) - Math.floor((demoNotes - 1) / 3));
  });
});

describe("planScaleObserver", () => {
  it("soft-deletes a few answering observers, never one who did not turn up", () => {
    const planned = Array.from({ length: 5_000 }, (_, index) => planScaleObserver(DEMO_SIZE + 1 + index));
    const deleted = planned.filter(({ observer }) => observer.deletedAt !== null);
    expect(deleted.length).toBeGreaterThan(50);
    expect(deleted.length).toBeLessThan(150);
    expect(deleted.every(({ answering }) => answering)).toBe(true);
  });
});

describe("planScaleNotifications", () => {
  it("plans the profile's notifications from the senders, most to one county's observers, all on or before the day", () => {
    const plans = planScaleNotifications(SCALE_PROFILE.notifications);
    expect(plans).toHaveLength(1_000);
    expect(planScaleNotifications(10)).toEqual(plans.slice(0, 10));
    expect(new Set(plans.map((plan) => plan.sender))).toEqual(new Set(NOTIFICATION_SENDERS.map((sender) => sender.account)));
    const toAll = plans.filter((plan) => plan.audience === "all");
    expect(toAll.length).toBeGreaterThan(5);
    expect(toAll.length).toBeLessThan(40);
    expect(toAll.every((plan) => plan.county === null)).toBe(true);
    expect(plans.filter((plan) => plan.audience === "selected").every((plan) => DEMO_COUNTIES.some((county) => county.code === plan.county))).toBe(true);
    expect(Math.max(...plans.map((plan) => plan.sentAt.getTime()))).toBeLessThanOrEqual(Date.UTC(2026, 10, 22, 21));
  });
});
