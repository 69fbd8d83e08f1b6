import type { Form } from "../reference/reference-types";
import { DATA_KEYS } from "../storage/data-keys";
import { readValue, writeValue, type ObserverDb } from "../storage/observer-db";
import type { CurrentStation, ObserverStore } from "../storage/observer-store";
import { newClientId } from "./client-id";
import type { NotePhoto, OutboxItem } from "./outbox-item";
import { discard, enqueue, loadOutbox, retryRefused, type NewItem } from "./outbox-store";
import { OUTBOX_CHANNEL } from "./outbox-sync.actors";

/** One question's answer: the options chosen, with the text typed for a free-text option. */
export interface ChosenOption {
  optionId: number;
  value?: string;
}
/** A form's answers at a station, by question id; a question with no options chosen withdraws its answer. */
export type FormAnswers = Record<number, ChosenOption[]>;

export interface ObserverWritesDependencies {
  db: ObserverDb;
  store: ObserverStore;
  /** Tells this tab's sender (and list) that the outbox changed. */
  outboxChanged: (items: OutboxItem[]) => void;
  now?: () => Date;
}

/** The flagged options of a form: choosing one sends the answers as urgent. */
export const flaggedOptions = (form: Form) =>
  new Set(form.formSections.flatMap((section) => section.questions.flatMap((question) => question.optionsToQuestions.filter((o) => o.flagged).map((o) => o.idOption))));

/** Every write of the observer: kept on the phone at once (IndexedDB), then sent by the outbox. */
export function createObserverWrites({ db, store, outboxChanged, now = () => new Date() }: ObserverWritesDependencies) {
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(OUTBOX_CHANNEL) : null;
  // One write at a time, in the order they were made: two quick changes of a form must not land in reverse.
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = (change: () => Promise<unknown>) => {
    const write = last.then(async () => {
      await change();
      outboxChanged(await loadOutbox(db));
      channel?.postMessage("changed");
    });
    last = write.catch(() => {});
    return write;
  };
  const put = (item: NewItem, alsoWrite?: { key: string; value: unknown }) => inTurn(() => enqueue(db, item, now(), alsoWrite));
  const roundId = () => {
    const round = store.getSnapshot().context.round;
    if (!round) throw new Error("no election round is known yet");
    return round.id;
  };
  const stationRef = (station: CurrentStation) => ({ countyCode: station.countyCode, pollingStationNumber: station.number });
  const summaryOf = (station: CurrentStation) => ({ station: { countyCode: station.countyCode, number: station.number } });

  async function recordDeparture(station: CurrentStation): Promise<void> {
    const body = { ...stationRef(station), observerLeaveTime: now().toISOString() };
    await put({ roundId: roundId(), dedupeKey: `visit:${station.id}`, urgent: false, summary: summaryOf(station), payload: { kind: "departure", body } });
    await chooseStation(null);
  }

  async function chooseStation(station: CurrentStation | null): Promise<void> {
    await writeValue(db, DATA_KEYS.currentStation, station);
    store.trigger.stationChosen({ station });
  }

  return {
    /** Arrives at a station; still at another one, the departure from it is recorded first. */
    async recordArrival(station: Omit<CurrentStation, "arrivedAt">): Promise<void> {
      const current = store.getSnapshot().context.currentStation;
      if (current && current.id !== station.id && current.arrivedAt) await recordDeparture(current);
      const arrivedAt = now().toISOString();
      const arrived = { ...station, arrivedAt };
      const body = { ...stationRef(arrived), observerArrivalTime: arrivedAt };
      await put({ roundId: roundId(), dedupeKey: `visit:${station.id}`, urgent: false, summary: summaryOf(arrived), payload: { kind: "arrival", body } });
      await chooseStation(arrived);
    },

    recordDeparture,
    chooseStation,

    /** The answers given to a form at a station, as the phone kept them. */
    async answersOf(station: CurrentStation, formId: number): Promise<FormAnswers> {
      return (await readValue<FormAnswers>(db, DATA_KEYS.answers(roundId(), station.id, formId))) ?? {};
    },

    /** Keeps the form's answers at the station and queues them, urgent when a flagged option is among them. */
    async saveAnswers(station: CurrentStation, form: Form, answers: FormAnswers): Promise<void> {
      const flagged = flaggedOptions(form);
      const entries = Object.entries(answers).map(([questionId, options]) => ({ questionId: Number(questionId), options }));
      const body = { answers: entries.map((entry) => ({ ...entry, ...stationRef(station) })) };
      const urgent = entries.some((entry) => entry.options.some((option) => flagged.has(option.optionId)));
      const summary = { ...summaryOf(station), formCode: form.code, answerCount: entries.filter((entry) => entry.options.length > 0).length };
      const key = DATA_KEYS.answers(roundId(), station.id, form.id);
      await put({ roundId: roundId(), dedupeKey: `answers:${station.id}:${form.id}`, urgent, summary, payload: { kind: "answers", body } }, { key, value: answers });
    },

    /** The observer gives up a refused item (after saving the outbox to a file, if they chose to); every tab hears. */
    giveUp: (id: string) => inTurn(() => discard(db, id)),
    /** The observer asks for a refused item to be sent again (e.g. after staff reopened the station). */
    tryAgain: (id: string) => inTurn(() => retryRefused(db, id)),

    /** Keeps a note (on the station, or on a question) with its shrunk photos, and forgets its draft. */
    async addNote(station: CurrentStation, note: { question?: { id: number; code: string }; text: string; photos: NotePhoto[] }, draftKey: string): Promise<void> {
      const body = { ...stationRef(station), ...(note.question ? { questionId: note.question.id } : {}), ...(note.text.trim() ? { text: note.text.trim() } : {}) };
      const summary = { ...summaryOf(station), questionCode: note.question?.code, photoCount: note.photos.length };
      // Every note is its own: a dedupe key of its own, so that no later note replaces it.
      const item = { roundId: roundId(), dedupeKey: `note:${newClientId()}`, urgent: false, summary, payload: { kind: "note" as const, body, photos: note.photos } };
      await put(item, { key: draftKey, value: null });
    },
  };
}

export type ObserverWrites = ReturnType<typeof createObserverWrites>;
