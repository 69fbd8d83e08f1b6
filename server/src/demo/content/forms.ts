import type { components } from "../../../../openapi/schema.d.ts";

/*
 * The Romanian-era observation forms, as the body an organizer would send to `saveForm`: the seed writes them
 * and the form builder's tests can use them as fixtures. forms.test.ts checks them against the contract.
 */

type FormInput = components["schemas"]["FormInput"];
type SectionInput = components["schemas"]["FormSectionInput"];
type QuestionInput = components["schemas"]["QuestionInput"];
type OptionInput = components["schemas"]["QuestionOptionInput"];
type UncodedQuestion = Omit<QuestionInput, "code">;

const plain = (text: string): OptionInput => ({ text, isFreeText: false, flagged: false });
const flagged = (text: string): OptionInput => ({ text, isFreeText: false, flagged: true });
const OTHER: OptionInput = { text: "Altele (precizați)", isFreeText: true, flagged: false };
const OTHER_FLAGGED: OptionInput = { ...OTHER, flagged: true };

/** Question types: 0 multiple choice, 1 single choice, 2 single choice with text, 3 multiple choice with text. */
const question = (text: string, questionType: 0 | 1 | 2 | 3, optionsToQuestions: OptionInput[]): UncodedQuestion => ({
  text,
  questionType,
  optionsToQuestions,
});

/** A yes/no question whose "Nu" is the irregular answer (the question asks whether something was right). */
const okQuestion = (text: string) => question(text, 1, [plain("Da"), flagged("Nu")]);

/** A yes/no question whose "Da" is the irregular answer (the question asks whether something went wrong). */
const problemQuestion = (text: string) => question(text, 1, [plain("Nu"), flagged("Da")]);

/** Questions are coded "<section code>.<position>", e.g. A1.2: the codes the answer exports show. */
const section = (code: string, description: string, questions: UncodedQuestion[]): SectionInput => ({
  code,
  description,
  questions: questions.map((q, index) => ({ code: `${code}.${index + 1}`, ...q })),
});

export const DEMO_FORMS: readonly FormInput[] = [
  {
    code: "A",
    description: "Deschiderea secției de votare",
    diaspora: false,
    draft: false,
    currentVersion: 1,
    formSections: [
      section("A1", "Pregătirea secției", [
        okQuestion("Ați avut acces în secția de votare înainte de deschidere?"),
        okQuestion("Sigiliile urnelor erau intacte la deschidere?"),
        okQuestion("Urnele au fost sigilate în prezența observatorilor?"),
        question("Ștampilele de vot au fost numărate și păstrate sigilate?", 2, [plain("Da"), flagged("Nu"), OTHER]),
      ]),
      section("A2", "Materiale electorale", [
        okQuestion("Buletinele de vot au fost numărate înainte de deschidere?"),
        question("Ce materiale lipseau la deschidere?", 3, [
          plain("Nu lipsea nimic"),
          flagged("Buletine de vot"),
          flagged("Ștampile „VOTAT”"),
          flagged("Listele electorale"),
          OTHER_FLAGGED,
        ]),
        okQuestion("Secția de votare s-a deschis la ora 7:00?"),
      ]),
      section("A3", "Accesul în secție", [
        okQuestion("Secția este accesibilă persoanelor cu dizabilități?"),
        problemQuestion("Existau materiale de propagandă electorală la mai puțin de 50 m de secție?"),
        question("Cum apreciați organizarea secției la deschidere?", 2, [
          plain("Foarte bună"),
          plain("Bună"),
          flagged("Slabă"),
          OTHER,
        ]),
      ]),
    ],
  },
  {
    code: "B",
    description: "Desfășurarea votării",
    diaspora: false,
    draft: false,
    currentVersion: 2,
    formSections: [
      section("B1", "Procesul de vot", [
        okQuestion("Cabinele de vot asigurau secretul votului?"),
        problemQuestion("Ați observat persoane care au încercat să voteze de mai multe ori?"),
        okQuestion("Identitatea alegătorilor a fost verificată cu actul de identitate?"),
        question("Ce probleme ați observat la listele electorale?", 0, [
          plain("Niciuna"),
          flagged("Alegători lipsă din listă"),
          flagged("Semnături deja existente în listă"),
          flagged("Persoane decedate în listă"),
        ]),
      ]),
      section("B2", "Mediul din secție", [
        problemQuestion("Au existat persoane neautorizate în secție?"),
        question("Ați observat transport organizat de alegători?", 2, [plain("Nu"), flagged("Da"), OTHER]),
        question("Cum a fost fluxul de alegători?", 1, [plain("Redus"), plain("Moderat"), plain("Aglomerat")]),
        question("Ați observat încercări de influențare a alegătorilor?", 3, [
          plain("Nu"),
          flagged("Mită electorală"),
          flagged("Presiuni din partea membrilor biroului"),
          OTHER_FLAGGED,
        ]),
      ]),
      section("B3", "Urna mobilă", [
        question("A fost solicitată urna mobilă?", 1, [plain("Nu"), plain("Da")]),
        okQuestion("Urna mobilă a fost însoțită de cel puțin doi membri ai biroului?"),
        question("Cererile pentru urna mobilă erau justificate?", 2, [plain("Da"), flagged("Nu"), OTHER]),
      ]),
    ],
  },
  {
    code: "C",
    description: "Numărarea voturilor",
    diaspora: false,
    draft: false,
    currentVersion: 1,
    formSections: [
      section("C1", "Închiderea secției", [
        okQuestion("Secția s-a închis la ora 21:00?"),
        question("Alegătorii aflați la coadă la ora 21:00 au putut vota?", 1, [
          plain("Nu a fost coadă"),
          plain("Da"),
          flagged("Nu"),
        ]),
        okQuestion("Buletinele nefolosite au fost anulate înainte de deschiderea urnelor?"),
      ]),
      section("C2", "Numărarea", [
        okQuestion("Observatorii au putut vedea fiecare buletin de vot numărat?"),
        question("Au existat contestații în timpul numărării?", 2, [plain("Nu"), flagged("Da"), OTHER]),
        question("Ce nereguli ați observat la numărare?", 3, [
          plain("Niciuna"),
          flagged("Buletine anulate nejustificat"),
          flagged("Erori de adunare în procesul-verbal"),
          OTHER_FLAGGED,
        ]),
        okQuestion("Ați primit o copie a procesului-verbal?"),
      ]),
    ],
  },
  {
    code: "D",
    description: "Secții din diaspora",
    diaspora: true,
    draft: false,
    currentVersion: 1,
    formSections: [
      section("D1", "Organizarea secției", [
        okQuestion("Secția avea suficiente buletine de vot?"),
        question("Cât au așteptat alegătorii la coadă?", 1, [
          plain("Sub 30 de minute"),
          plain("Între 30 de minute și 2 ore"),
          flagged("Peste 2 ore"),
        ]),
        okQuestion("Alegătorii au completat declarația pe propria răspundere?"),
      ]),
      section("D2", "Accesul alegătorilor", [
        problemQuestion("Au rămas alegători care nu au putut vota până la închidere?"),
        question("Autoritățile locale au asigurat ordinea publică?", 2, [plain("Da"), flagged("Nu"), OTHER]),
        question("Ce documente de identitate au fost acceptate?", 0, [
          plain("Carte de identitate"),
          plain("Pașaport"),
          plain("Titlu de călătorie"),
        ]),
      ]),
    ],
  },
  {
    code: "E",
    description: "Formular în lucru",
    diaspora: false,
    draft: true,
    currentVersion: 1,
    formSections: [
      section("E1", "Întrebări noi", [
        question("Ați observat camere video în secția de votare?", 1, [plain("Nu"), plain("Da")]),
        question("Alte observații", 2, [plain("Nimic de semnalat"), OTHER]),
      ]),
    ],
  },
];

/** When observers fill each published form in, in hours after midnight UTC of election day (E is a draft). */
export const ANSWER_WINDOWS: Readonly<Record<string, readonly [from: number, to: number]>> = {
  A: [5.5, 7.5],
  B: [7.5, 16.5],
  C: [16.5, 19],
  D: [8, 18],
};
