// A simulated observer's visit to a polling station through the public API (arrive, answer, notes with photos,
// leave), shared by npm run simulate and the soak's observers.
import type { components } from "../../openapi/schema.d.ts";
import { demoPng } from "../../server/src/demo/images.ts";
import { expectOk, type Api, type Tally } from "./api.ts";

type County = components["schemas"]["County"];
type Form = components["schemas"]["Form"];
type Question = components["schemas"]["Question"];
type AnswerInput = components["schemas"]["AnswerInput"];

/** What every observer reads the same way: fetched once, by the first observer signed in. */
export interface Catalogue { counties: County[]; forms: Form[] }

export async function loadCatalogue(api: Api): Promise<Catalogue> {
  const counties = expectOk("listCounties", await api.GET("/api/v1/polling-station", {})).filter((county) => county.limit > 0);
  const list = expectOk("listForms", await api.GET("/api/v1/form", { params: { query: { draft: false } } }));
  const forms = await Promise.all(
    list.formVersions.map(async (summary) => expectOk("getForm", await api.GET("/api/v1/form/{id}", { params: { path: { id: summary.id } } }))),
  );
  if (counties.length === 0) throw new Error("The server has no counties with polling stations.");
  return { counties, forms };
}

const FLAGGED_SHARE = 0.15;
const NOTE_ON_FLAG_SHARE = 0.5;
const STATION_NOTE_SHARE = 0.3;
const MULTIPLE_CHOICE = new Set([0, 3]);
const FREE_TEXTS = ["Ușa a fost deschisă cu întârziere.", "Lipseau ștampilele.", "Coadă lungă la intrare.", "Totul în regulă."];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const chance = (share: number) => Math.random() < share;

/** One option, now and then a flagged one (two for multiple choice); free text gets a sentence. */
function chooseOptions(question: Question, flaggedShare: number) {
  const flagged = question.optionsToQuestions.filter((option) => option.flagged);
  const regular = question.optionsToQuestions.filter((option) => !option.flagged);
  const chosen = flagged.length > 0 && (regular.length === 0 || chance(flaggedShare)) ? [pick(flagged)] : [pick(regular)];
  if (MULTIPLE_CHOICE.has(question.questionType) && chance(0.3)) {
    const other = pick(question.optionsToQuestions);
    if (!chosen.includes(other)) chosen.push(other);
  }
  return chosen.map((option) => ({ optionId: option.idOption, value: option.isFreeText ? pick(FREE_TEXTS) : null }));
}

/** Each observer has a county of its own (by position), as an NGO assigns observers to a county. */
export function countyOf(catalogue: Catalogue, index: number): County {
  return catalogue.counties[index % catalogue.counties.length];
}

/**
 * One visit: arrive at a station of the county, answer every published form that applies to it section by
 * section, a note with photos now and then (on a flagged answer, or on the station), then leave.
 * Returns early (without leaving) when `stopping()` turns true between two steps. `flaggedShare`: how often a
 * question that has a flagged option gets one.
 */
export async function visitStation(api: Api, catalogue: Catalogue, county: County, tally: Tally, stopping: () => boolean, flaggedShare = FLAGGED_SHARE) {
  const station = { countyCode: county.code, pollingStationNumber: 1 + Math.floor(Math.random() * county.limit) };
  expectOk("recordArrival", await api.POST("/api/v1/polling-station", {
    body: { ...station, observerArrivalTime: new Date().toISOString(), urbanArea: chance(0.55), isPollingStationPresidentFemale: chance(0.45) },
  }));
  tally.arrivals++;
  const forms = catalogue.forms.filter((form) => !form.diaspora || county.diaspora);
  for (const section of forms.flatMap((form) => form.formSections)) {
    if (stopping()) return;
    if (section.questions.length === 0) continue;
    const answers: AnswerInput[] = section.questions.map((question) => ({ questionId: question.id, ...station, options: chooseOptions(question, flaggedShare) }));
    await api.POST("/api/v1/answers", { body: { answers } }).then((result) => expectOk("submitAnswers", result));
    const flagged = answers.filter((answer) => answer.options.some((chosen) => isFlagged(section.questions, answer.questionId, chosen.optionId)));
    tally.answers += answers.reduce((sum, answer) => sum + answer.options.length, 0);
    tally.flagged += flagged.length;
    if (flagged.length > 0 && chance(NOTE_ON_FLAG_SHARE) && !stopping()) {
      await sendNote(api, station, flagged[0].questionId, tally);
    }
  }
  if (stopping()) return;
  if (chance(STATION_NOTE_SHARE)) await sendNote(api, station, undefined, tally);
  expectOk("recordDeparture", await api.PUT("/api/v1/polling-station", { body: { ...station, observerLeaveTime: new Date().toISOString() } }));
  tally.departures++;
}

function isFlagged(questions: Question[], questionId: number, optionId: number): boolean {
  return questions.find((question) => question.id === questionId)?.optionsToQuestions.find((option) => option.idOption === optionId)?.flagged ?? false;
}

/** Each photo costs a deflate to make: a few dozen, made once, keep thousands of observers cheap to simulate. */
const DISTINCT_PHOTOS = 32;
const photos = new Map<number, Uint8Array<ArrayBuffer>>();
function photo(seed: number): Uint8Array<ArrayBuffer> {
  let bytes = photos.get(seed);
  if (!bytes) photos.set(seed, (bytes = new Uint8Array(demoPng(seed, 320, 240))));
  return bytes;
}

/** A note with one or two generated photos (phone-sized thumbnails of a polling station, valid PNGs). */
async function sendNote(api: Api, station: { countyCode: string; pollingStationNumber: number }, questionId: number | undefined, tally: Tally) {
  const form = new FormData();
  form.set("countyCode", station.countyCode);
  form.set("pollingStationNumber", String(station.pollingStationNumber));
  if (questionId !== undefined) form.set("questionId", String(questionId));
  form.set("text", pick(FREE_TEXTS));
  const photos = chance(0.5) ? 2 : 1;
  for (let i = 0; i < photos; i++) {
    const seed = Math.floor(Math.random() * DISTINCT_PHOTOS);
    form.append("files", new File([photo(seed)], `photo-${seed}.png`, { type: "image/png" }));
  }
  const result = await api.POST("/api/v2/note", {
    // The contract's form fields are typed as JSON; the multipart body is built above and sent as it is.
    body: form as unknown as components["schemas"]["NoteCreateForm"],
    bodySerializer: (body) => body as unknown as FormData,
  });
  expectOk("createNote", result);
  tally.notes++;
  tally.photos += photos;
}
