// The 300-question form of `npm run bench:forms`: 15 sections × 20 questions × 3–5 options, Romanian texts as an
// observation form has them, some answers flagged. Deterministic, so every run measures the same form.
import type { components } from "../../../openapi/schema.d.ts";
import { editable } from "../../../server/test/forms-support.ts";

export type FormInput = components["schemas"]["FormInput"];
type Form = components["schemas"]["Form"];
type QuestionInput = components["schemas"]["QuestionInput"];
type OptionInput = components["schemas"]["QuestionOptionInput"];

export const SECTIONS = 15;
export const QUESTIONS_PER_SECTION = 20;

const TOPICS = [
  "Deschiderea secției de votare",
  "Componența biroului electoral",
  "Listele electorale permanente",
  "Buletinele de vot și ștampilele",
  "Cabinele de vot",
  "Urnele fixe și urna mobilă",
  "Identificarea alegătorilor",
  "Desfășurarea votării",
  "Accesul observatorilor și al presei",
  "Ordinea publică în secție",
  "Accesibilitatea pentru persoanele cu dizabilități",
  "Propaganda electorală",
  "Închiderea votării",
  "Numărarea voturilor",
  "Procesul-verbal și predarea materialelor",
];

const SUBJECTS = [
  "președintele biroului electoral",
  "locțiitorul președintelui",
  "operatorul de calculator",
  "membrii biroului electoral",
  "reprezentanții partidelor",
  "personalul de pază",
  "alegătorii aflați în secție",
  "observatorii acreditați",
  "jurnaliștii prezenți",
  "persoanele neautorizate",
];

const CHECKS = [
  "au fost prezenți la ora stabilită",
  "au respectat procedura prevăzută de lege",
  "au semnalat nereguli consemnate în registru",
  "au permis accesul fără restricții",
  "au verificat sigiliile în prezența observatorilor",
  "au comunicat informațiile cerute",
  "au influențat în vreun fel opțiunea alegătorilor",
  "au păstrat ordinea și liniștea în secție",
];

const YES_NO = ["Da", "Nu", "Nu știu / nu pot aprecia"];
const FREQUENCY = ["Niciodată", "Rar", "De câteva ori", "Frecvent", "Permanent"];
const SEVERITY = ["Nicio problemă", "Probleme minore, rezolvate pe loc", "Probleme care au întârziat votarea", "Probleme grave, votarea a fost oprită"];

const letter = (index: number) => String.fromCharCode(65 + index);

function optionsFor(section: number, question: number): { type: QuestionInput["questionType"]; options: OptionInput[] } {
  const flagOn = (text: string) => text === "Nu" || text.startsWith("Probleme grave") || text === "Permanent";
  const plain = (texts: string[]): OptionInput[] => texts.map((text) => ({ text, isFreeText: false, flagged: flagOn(text) && (section + question) % 3 === 0 }));
  switch ((section * QUESTIONS_PER_SECTION + question) % 4) {
    case 0:
      return { type: 1, options: plain(YES_NO) };
    case 1:
      return { type: 0, options: plain(FREQUENCY) };
    case 2:
      return { type: 2, options: [...plain(SEVERITY), { text: "Altă situație (precizați)", isFreeText: true, flagged: false }] };
    default:
      return { type: 3, options: [...plain(YES_NO), { text: "Alte observații (precizați)", isFreeText: true, flagged: false }] };
  }
}

/** The question codes are A1…A20, B1…O20: the 150th question is H10. */
export const questionCode = (section: number, question: number) => `${letter(section)}${question + 1}`;

export function benchFormInput(code: string): FormInput {
  return {
    code,
    description: "Formular de observare extins (300 de întrebări)",
    diaspora: false,
    draft: true,
    currentVersion: 1,
    formSections: TOPICS.slice(0, SECTIONS).map((topic, s) => ({
      code: letter(s),
      description: topic,
      questions: Array.from({ length: QUESTIONS_PER_SECTION }, (_, q) => {
        const { type, options } = optionsFor(s, q);
        const subject = SUBJECTS[(s + q) % SUBJECTS.length];
        const check = CHECKS[(s * 3 + q) % CHECKS.length];
        return {
          code: questionCode(s, q),
          text: `${topic}: ${subject} ${check}? (întrebarea ${q + 1} din secțiunea ${letter(s)})`,
          questionType: type,
          optionsToQuestions: options,
        };
      }),
    })),
  };
}

/** The form as saved, back as a body that replaces it whole (ids kept), based on its current version. */
export function updateOf(form: Form, edit: number): FormInput {
  const body = editable(form);
  return {
    ...body,
    draft: true,
    formSections: body.formSections.map((section) => ({
      ...section,
      questions: section.questions.map((question, q) =>
        // A few texts change on each save, as after an editing session.
        q % 7 === edit % 7 ? { ...question, text: `${question.text.replace(/ \[rev \d+\]$/, "")} [rev ${edit}]` } : question,
      ),
    })),
  };
}

export const optionCount = (input: FormInput) =>
  input.formSections.reduce((sum, section) => sum + section.questions.reduce((inner, question) => inner + question.optionsToQuestions.length, 0), 0);
