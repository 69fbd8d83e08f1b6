import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { sql, type Transaction } from "kysely";
import { hashSecret, PASSWORD_COST, PIN_COST } from "../auth/password.ts";
import type { FileStore } from "../files/file-store.ts";
import type { DatabaseHandle } from "./database.ts";
import { demoPng } from "./demo-images.ts";
import type { Database } from "./schema.ts";

/*
 * Deterministic demo data for a first start: the real counties and their polling stations, three NGOs,
 * admins, observers, the Romanian-era forms, a day of answers (some flagged), station facts, notes with
 * photos and a few notifications. Everything comes from fixed seeds and a fixed election day, so two runs
 * (on PGlite or PostgreSQL) produce the same rows; only the salted password and PIN hashes differ.
 */

export interface SeedOptions {
  /** How many observers to create (200 by default). */
  observers?: number;
}

/** Clear-text credentials of the first observer of NGO 1 and of NGO 2 (never device-bound, never deleted). */
export const DEMO_OBSERVERS: readonly { phone: string; pin: string }[] = [
  { phone: "0721000001", pin: "1234" },
  { phone: "0721000002", pin: "9153" },
];

/** The counties of /work/shared/data/counties.csv: Diaspora first (issue #182), then alphabetical in Romanian. */
export const DEMO_COUNTIES: readonly { code: string; name: string; limit: number; diaspora: boolean }[] = [
  { code: "D", name: "Diaspora", limit: 441, diaspora: true },
  { code: "AB", name: "Alba", limit: 440, diaspora: false },
  { code: "AR", name: "Arad", limit: 437, diaspora: false },
  { code: "AG", name: "Argeș", limit: 520, diaspora: false },
  { code: "BC", name: "Bacău", limit: 635, diaspora: false },
  { code: "BH", name: "Bihor", limit: 653, diaspora: false },
  { code: "BN", name: "Bistrița-Năsăud", limit: 313, diaspora: false },
  { code: "BT", name: "Botoșani", limit: 425, diaspora: false },
  { code: "BV", name: "Brașov", limit: 454, diaspora: false },
  { code: "BR", name: "Brăila", limit: 280, diaspora: false },
  { code: "B", name: "București", limit: 1269, diaspora: false },
  { code: "BZ", name: "Buzău", limit: 426, diaspora: false },
  { code: "CS", name: "Caraș-Severin", limit: 365, diaspora: false },
  { code: "CL", name: "Călărași", limit: 235, diaspora: false },
  { code: "CJ", name: "Cluj", limit: 664, diaspora: false },
  { code: "CT", name: "Constanța", limit: 556, diaspora: false },
  { code: "CV", name: "Covasna", limit: 214, diaspora: false },
  { code: "DB", name: "Dâmbovița", limit: 433, diaspora: false },
  { code: "DJ", name: "Dolj", limit: 531, diaspora: false },
  { code: "GL", name: "Galați", limit: 436, diaspora: false },
  { code: "GR", name: "Giurgiu", limit: 245, diaspora: false },
  { code: "GJ", name: "Gorj", limit: 332, diaspora: false },
  { code: "HR", name: "Harghita", limit: 290, diaspora: false },
  { code: "HD", name: "Hunedoara", limit: 524, diaspora: false },
  { code: "IL", name: "Ialomița", limit: 220, diaspora: false },
  { code: "IS", name: "Iași", limit: 746, diaspora: false },
  { code: "IF", name: "Ilfov", limit: 258, diaspora: false },
  { code: "MM", name: "Maramureș", limit: 437, diaspora: false },
  { code: "MH", name: "Mehedinți", limit: 290, diaspora: false },
  { code: "MS", name: "Mureș", limit: 568, diaspora: false },
  { code: "NT", name: "Neamț", limit: 488, diaspora: false },
  { code: "OT", name: "Olt", limit: 380, diaspora: false },
  { code: "PH", name: "Prahova", limit: 623, diaspora: false },
  { code: "SM", name: "Satu Mare", limit: 337, diaspora: false },
  { code: "SJ", name: "Sălaj", limit: 312, diaspora: false },
  { code: "SB", name: "Sibiu", limit: 373, diaspora: false },
  { code: "SV", name: "Suceava", limit: 560, diaspora: false },
  { code: "TR", name: "Teleorman", limit: 334, diaspora: false },
  { code: "TM", name: "Timiș", limit: 599, diaspora: false },
  { code: "TL", name: "Tulcea", limit: 204, diaspora: false },
  { code: "VS", name: "Vaslui", limit: 536, diaspora: false },
  { code: "VL", name: "Vâlcea", limit: 430, diaspora: false },
  { code: "VN", name: "Vrancea", limit: 358, diaspora: false },
];

// ---------------------------------------------------------------------------------------------------------
// Fixed content

const NGOS = [
  { name: "Code for Romania", shortName: "C4R", organizer: true, isActive: true },
  { name: "Asociația Observatorilor Civici", shortName: "AOC", organizer: false, isActive: true },
  { name: "Inițiativa Transparență", shortName: "IT", organizer: false, isActive: false },
] as const;

/** NGO (1-based) of observer k: a 20-slot cycle of 12 × NGO 1, 7 × NGO 2, 1 × NGO 3, starting 1, 2. */
const NGO_CYCLE = [1, 2, 1, 1, 2, 1, 2, 1, 1, 2, 1, 1, 2, 1, 2, 1, 1, 2, 1, 3] as const;

const ELECTION_DAY = Date.UTC(2026, 10, 22); // 2026-11-22T00:00:00Z; the stations open at 05:00Z (07:00 local)
const SETUP_TIME = new Date(Date.UTC(2026, 9, 1, 9, 0, 0));
const FORMS_PUBLISHED_AT = new Date(Date.UTC(2026, 10, 15, 12, 0, 0));
const OBSERVERS_DELETED_AT = new Date(Date.UTC(2026, 10, 23, 10, 0, 0));

const FIRST_NAMES = [
  "Ana", "Andreea", "Ioana", "Maria", "Elena", "Cristina", "Mihaela", "Alexandra", "Ștefania", "Oana",
  "Raluca", "Irina", "Bianca", "Diana", "Roxana", "Gabriela", "Alina", "Corina", "Ramona", "Teodora",
  "Andrei", "Alexandru", "Mihai", "Ion", "Ștefan", "Radu", "Bogdan", "Cătălin", "Florin", "Vlad",
  "Răzvan", "Costin", "Dragoș", "Tudor", "Sorin", "Marius", "Ionuț", "Cosmin", "Mircea", "Gheorghe",
];

const LAST_NAMES = [
  "Popescu", "Ionescu", "Popa", "Pop", "Radu", "Dumitru", "Stan", "Stoica", "Gheorghiu", "Matei",
  "Ciobanu", "Rusu", "Mihăilescu", "Constantinescu", "Munteanu", "Dinu", "Lungu", "Tănase", "Nistor", "Șerban",
  "Moldovan", "Vasilescu", "Bălan", "Țurcanu", "Georgescu", "Ardeleanu", "Bucur", "Căpraru", "Drăgulescu", "Neagu",
  "Oprea", "Sârbu", "Toma", "Zamfir", "Marin", "Florea", "Iordache", "Bratu", "Dobre", "Mocanu",
];

const FREE_TEXTS = [
  "Președintele secției a refuzat să răspundă la întrebări.",
  "Lipsea o ștampilă de control, a fost adusă după o oră.",
  "Un membru al biroului a plecat fără să anunțe.",
  "Am semnalat situația președintelui și s-a remediat.",
  "Coada ajungea până în stradă.",
  "Un alegător a fost îndrumat să voteze în altă secție.",
  "Iluminatul din sală era insuficient.",
  "Totul s-a desfășurat normal, fără incidente.",
];

const NOTE_TEXTS = [
  "Urna mobilă a plecat fără procesul-verbal completat.",
  "Am fotografiat sigiliul rupt de pe urna numărul 2.",
  "Cabina de vot nu avea perdea, secretul votului nu era asigurat.",
  "Un reprezentant al unui partid făcea propagandă la intrare.",
  "Listele electorale suplimentare s-au terminat la ora 14.",
  "Rampa pentru persoane cu dizabilități era blocată.",
  "Președintele biroului a permis accesul unei persoane neautorizate.",
  "Au apărut tensiuni între membrii biroului la numărare.",
  "Afișul cu candidații lipsea de la intrare.",
  "Procesul-verbal a fost afișat la ușa secției.",
  "Am primit copia procesului-verbal semnată de toți membrii.",
  "Un alegător a fost filmat în cabina de vot.",
];

const NOTIFICATIONS = [
  {
    title: "Bine ați venit!",
    message: "Vă mulțumim că sunteți observatori. Verificați formularele înainte de deschiderea secțiilor.",
    sentAt: new Date(Date.UTC(2026, 10, 21, 16, 0, 0)),
  },
  {
    title: "Formularul B a fost actualizat",
    message: "Descărcați din nou formularele: formularul B are acum versiunea 2.",
    sentAt: new Date(Date.UTC(2026, 10, 22, 6, 30, 0)),
  },
  {
    title: "Numărarea voturilor",
    message: "Nu plecați înainte de semnarea procesului-verbal și cereți o copie a acestuia.",
    sentAt: new Date(Date.UTC(2026, 10, 22, 18, 0, 0)),
  },
] as const;

/** Question types: 0 multiple choice, 1 single choice, 2 single choice with text, 3 multiple choice with text. */
type QuestionType = 0 | 1 | 2 | 3;
interface OptionSeed { text: string; flagged?: boolean; freeText?: boolean }
interface QuestionSeed { text: string; type: QuestionType; options: OptionSeed[] }
interface SectionSeed { description: string; questions: QuestionSeed[] }
interface FormSeed {
  code: string;
  description: string;
  diaspora: boolean;
  draft: boolean;
  version: number;
  /** When the observers fill it in, in hours after midnight UTC of election day. */
  window: readonly [number, number];
  sections: SectionSeed[];
}

const OTHER: OptionSeed = { text: "Altele (precizați)", freeText: true };
const OTHER_FLAGGED: OptionSeed = { ...OTHER, flagged: true };

/** A yes/no question whose "Nu" is the irregular answer (the question asks whether something was right). */
const okQuestion = (text: string): QuestionSeed => ({
  text,
  type: 1,
  options: [{ text: "Da" }, { text: "Nu", flagged: true }],
});

/** A yes/no question whose "Da" is the irregular answer (the question asks whether something went wrong). */
const problemQuestion = (text: string): QuestionSeed => ({
  text,
  type: 1,
  options: [{ text: "Nu" }, { text: "Da", flagged: true }],
});

export const DEMO_FORMS: readonly FormSeed[] = [
  {
    code: "A",
    description: "Deschiderea secției de votare",
    diaspora: false,
    draft: false,
    version: 1,
    window: [5.5, 7.5],
    sections: [
      {
        description: "Pregătirea secției",
        questions: [
          okQuestion("Ați avut acces în secția de votare înainte de deschidere?"),
          okQuestion("Sigiliile urnelor erau intacte la deschidere?"),
          okQuestion("Urnele au fost sigilate în prezența observatorilor?"),
          {
            text: "Ștampilele de vot au fost numărate și păstrate sigilate?",
            type: 2,
            options: [{ text: "Da" }, { text: "Nu", flagged: true }, OTHER],
          },
        ],
      },
      {
        description: "Materiale electorale",
        questions: [
          okQuestion("Buletinele de vot au fost numărate înainte de deschidere?"),
          {
            text: "Ce materiale lipseau la deschidere?",
            type: 3,
            options: [
              { text: "Nu lipsea nimic" },
              { text: "Buletine de vot", flagged: true },
              { text: "Ștampile „VOTAT”", flagged: true },
              { text: "Listele electorale", flagged: true },
              OTHER_FLAGGED,
            ],
          },
          okQuestion("Secția de votare s-a deschis la ora 7:00?"),
        ],
      },
      {
        description: "Accesul în secție",
        questions: [
          okQuestion("Secția este accesibilă persoanelor cu dizabilități?"),
          problemQuestion("Existau materiale de propagandă electorală la mai puțin de 50 m de secție?"),
          {
            text: "Cum apreciați organizarea secției la deschidere?",
            type: 2,
            options: [{ text: "Foarte bună" }, { text: "Bună" }, { text: "Slabă", flagged: true }, OTHER],
          },
        ],
      },
    ],
  },
  {
    code: "B",
    description: "Desfășurarea votării",
    diaspora: false,
    draft: false,
    version: 2,
    window: [7.5, 16.5],
    sections: [
      {
        description: "Procesul de vot",
        questions: [
          okQuestion("Cabinele de vot asigurau secretul votului?"),
          problemQuestion("Ați observat persoane care au încercat să voteze de mai multe ori?"),
          okQuestion("Identitatea alegătorilor a fost verificată cu actul de identitate?"),
          {
            text: "Ce probleme ați observat la listele electorale?",
            type: 0,
            options: [
              { text: "Niciuna" },
              { text: "Alegători lipsă din listă", flagged: true },
              { text: "Semnături deja existente în listă", flagged: true },
              { text: "Persoane decedate în listă", flagged: true },
            ],
          },
        ],
      },
      {
        description: "Mediul din secție",
        questions: [
          problemQuestion("Au existat persoane neautorizate în secție?"),
          {
            text: "Ați observat transport organizat de alegători?",
            type: 2,
            options: [{ text: "Nu" }, { text: "Da", flagged: true }, OTHER],
          },
          {
            text: "Cum a fost fluxul de alegători?",
            type: 1,
            options: [{ text: "Redus" }, { text: "Moderat" }, { text: "Aglomerat" }],
          },
          {
            text: "Ați observat încercări de influențare a alegătorilor?",
            type: 3,
            options: [
              { text: "Nu" },
              { text: "Mită electorală", flagged: true },
              { text: "Presiuni din partea membrilor biroului", flagged: true },
              OTHER_FLAGGED,
            ],
          },
        ],
      },
      {
        description: "Urna mobilă",
        questions: [
          { text: "A fost solicitată urna mobilă?", type: 1, options: [{ text: "Nu" }, { text: "Da" }] },
          okQuestion("Urna mobilă a fost însoțită de cel puțin doi membri ai biroului?"),
          {
            text: "Cererile pentru urna mobilă erau justificate?",
            type: 2,
            options: [{ text: "Da" }, { text: "Nu", flagged: true }, OTHER],
          },
        ],
      },
    ],
  },
  {
    code: "C",
    description: "Numărarea voturilor",
    diaspora: false,
    draft: false,
    version: 1,
    window: [16.5, 19],
    sections: [
      {
        description: "Închiderea secției",
        questions: [
          okQuestion("Secția s-a închis la ora 21:00?"),
          {
            text: "Alegătorii aflați la coadă la ora 21:00 au putut vota?",
            type: 1,
            options: [{ text: "Nu a fost coadă" }, { text: "Da" }, { text: "Nu", flagged: true }],
          },
          okQuestion("Buletinele nefolosite au fost anulate înainte de deschiderea urnelor?"),
        ],
      },
      {
        description: "Numărarea",
        questions: [
          okQuestion("Observatorii au putut vedea fiecare buletin de vot numărat?"),
          {
            text: "Au existat contestații în timpul numărării?",
            type: 2,
            options: [{ text: "Nu" }, { text: "Da", flagged: true }, OTHER],
          },
          {
            text: "Ce nereguli ați observat la numărare?",
            type: 3,
            options: [
              { text: "Niciuna" },
              { text: "Buletine anulate nejustificat", flagged: true },
              { text: "Erori de adunare în procesul-verbal", flagged: true },
              OTHER_FLAGGED,
            ],
          },
          okQuestion("Ați primit o copie a procesului-verbal?"),
        ],
      },
    ],
  },
  {
    code: "D",
    description: "Secții din diaspora",
    diaspora: true,
    draft: false,
    version: 1,
    window: [8, 18],
    sections: [
      {
        description: "Organizarea secției",
        questions: [
          okQuestion("Secția avea suficiente buletine de vot?"),
          {
            text: "Cât au așteptat alegătorii la coadă?",
            type: 1,
            options: [
              { text: "Sub 30 de minute" },
              { text: "Între 30 de minute și 2 ore" },
              { text: "Peste 2 ore", flagged: true },
            ],
          },
          okQuestion("Alegătorii au completat declarația pe propria răspundere?"),
        ],
      },
      {
        description: "Accesul alegătorilor",
        questions: [
          problemQuestion("Au rămas alegători care nu au putut vota până la închidere?"),
          {
            text: "Autoritățile locale au asigurat ordinea publică?",
            type: 2,
            options: [{ text: "Da" }, { text: "Nu", flagged: true }, OTHER],
          },
          {
            text: "Ce documente de identitate au fost acceptate?",
            type: 0,
            options: [{ text: "Carte de identitate" }, { text: "Pașaport" }, { text: "Titlu de călătorie" }],
          },
        ],
      },
    ],
  },
  {
    code: "E",
    description: "Formular în lucru",
    diaspora: false,
    draft: true,
    version: 1,
    window: [0, 0],
    sections: [
      {
        description: "Întrebări noi",
        questions: [
          { text: "Ați observat camere video în secția de votare?", type: 1, options: [{ text: "Nu" }, { text: "Da" }] },
          { text: "Alte observații", type: 2, options: [{ text: "Nimic de semnalat" }, OTHER] },
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: tiny, fast, and the same sequence on every platform. */
class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** A time on election day between two hours (UTC, fractional), to the second. */
  timeBetween(fromHour: number, toHour: number): Date {
    const seconds = this.int(Math.round(fromHour * 3600), Math.round(toHour * 3600));
    return new Date(ELECTION_DAY + seconds * 1000);
  }
  hex(length: number): string {
    let out = "";
    while (out.length < length) out += this.int(0, 15).toString(16);
    return out;
  }
}

const hourOf = (date: Date) => (date.getTime() - ELECTION_DAY) / 3_600_000;

// ---------------------------------------------------------------------------------------------------------
// The plan: every row to insert, with natural keys instead of database ids

interface ObserverPlan {
  phone: string;
  name: string;
  pin: string;
  ngo: number;
  createdAt: Date;
  deviceRegisterDate: Date | null;
  mobileDeviceId: string | null;
  fcmToken: string | null;
  deletedAt: Date | null;
}

interface StationRef { county: string; number: number }

interface Submission {
  form: FormSeed;
  lastModified: Date;
  /** Chosen options by question code; the value is set for free-text options. */
  choices: { questionCode: string; optionIndex: number; value: string | null }[];
}

interface VisitPlan {
  phone: string;
  station: StationRef;
  arrival: Date;
  leave: Date | null;
  urbanArea: boolean | null;
  isPresidentFemale: boolean | null;
  submissions: Submission[];
}

interface NotePlan {
  key: number;
  visit: VisitPlan;
  questionCode: string | null;
  text: string;
  lastModified: Date;
  images: number;
}

interface SeedPlan {
  observers: ObserverPlan[];
  visits: VisitPlan[];
  notes: NotePlan[];
  notifications: { recipients: string[] }[];
}

const FLAGGED_SHARE = 0.15;

const phoneOf = (k: number) => `0721${String(k).padStart(6, "0")}`;
const pinOf = (k: number) => String((1234 + (k - 1) * 7919) % 10_000).padStart(4, "0");
const questionCodeOf = (sectionCode: string, index: number) => `${sectionCode}.${index + 1}`;
const sectionCodeOf = (form: FormSeed, index: number) => `${form.code}${index + 1}`;

function planObservers(count: number): ObserverPlan[] {
  const random = new Random(0x0b5e7e5);
  const demoPhones = new Set(DEMO_OBSERVERS.map((observer) => observer.phone));
  return Array.from({ length: count }, (_, index) => {
    const k = index + 1;
    const phone = phoneOf(k);
    // Device lock may be on: the demo observers stay unbound so that any device can sign in as them.
    const registered = !demoPhones.has(phone) && random.chance(0.72);
    const deviceRegisterDate = registered ? random.timeBetween(-48, 5) : null;
    return {
      phone,
      name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
      pin: pinOf(k),
      ngo: NGO_CYCLE[index % NGO_CYCLE.length]!,
      createdAt: new Date(SETUP_TIME.getTime() + k * 60_000),
      deviceRegisterDate,
      mobileDeviceId: registered ? `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-a${random.hex(3)}-${random.hex(12)}` : null,
      fcmToken: registered ? `demo-fcm:${random.hex(22)}` : null,
      deletedAt: null,
    };
  });
}

/** About 60% of all observers, none of the inactive NGO, always the demo observers. */
function pickAnsweringObservers(observers: ObserverPlan[]): ObserverPlan[] {
  const random = new Random(0xa115);
  const demoPhones = new Set(DEMO_OBSERVERS.map((observer) => observer.phone));
  const eligible = observers.filter((observer) => observer.ngo !== 3 && !demoPhones.has(observer.phone));
  for (let i = eligible.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [eligible[i], eligible[j]] = [eligible[j]!, eligible[i]!];
  }
  const wanted = Math.max(0, Math.round(observers.length * 0.6) - demoPhones.size);
  const chosen = new Set([...eligible.slice(0, wanted).map((o) => o.phone), ...demoPhones]);
  return observers.filter((observer) => chosen.has(observer.phone));
}

function pickStation(random: Random, visitIndex: number): StationRef {
  // Every 25th visit is abroad, so the diaspora form has answers even in a small demo.
  const county = visitIndex % 25 === 2 ? DEMO_COUNTIES[0]! : random.pick(DEMO_COUNTIES);
  return { county: county.code, number: random.int(1, county.limit) };
}

function planVisits(answering: ObserverPlan[]): VisitPlan[] {
  const random = new Random(0x5ec71e);
  const visits: VisitPlan[] = [];
  for (const observer of answering) {
    const stationCount = random.chance(0.6) ? 1 : 2;
    const seen = new Set<string>();
    for (let s = 0; s < stationCount; s++) {
      const station = pickStation(random, visits.length);
      const key = `${station.county}:${station.number}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const forceFlag = s === 0 && DEMO_OBSERVERS.some((demo) => demo.phone === observer.phone);
      visits.push(planVisit(random, observer.phone, station, forceFlag));
    }
  }
  return visits;
}

function planVisit(random: Random, phone: string, station: StationRef, forceFlag: boolean): VisitPlan {
  const arrival = random.timeBetween(5.25, 6.5);
  const forms = DEMO_FORMS.filter(
    (form) =>
      form.code === "A" ||
      form.code === "B" ||
      (form.code === "C" && random.chance(0.5)) ||
      (form.code === "D" && station.county === "D"),
  );
  const submissions = forms.map((form) => {
    const from = Math.max(form.window[0], hourOf(arrival) + 0.1);
    return planSubmission(random, form, random.timeBetween(from, form.window[1]), forceFlag && form.code === "A");
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

/** One option per question (sometimes two for multiple choice); about 15% of them flagged. */
function planSubmission(random: Random, form: FormSeed, lastModified: Date, forceFlag: boolean): Submission {
  const choices: Submission["choices"] = [];
  form.sections.forEach((section, sectionIndex) => {
    section.questions.forEach((question, questionIndex) => {
      const code = questionCodeOf(sectionCodeOf(form, sectionIndex), questionIndex);
      const forced = forceFlag && sectionIndex === 0 && questionIndex === 1;
      for (const optionIndex of chooseOptions(random, question, forced)) {
        const freeText = question.options[optionIndex]!.freeText === true;
        choices.push({ questionCode: code, optionIndex, value: freeText ? random.pick(FREE_TEXTS) : null });
      }
    });
  });
  return { form, lastModified, choices };
}

function chooseOptions(random: Random, question: QuestionSeed, forceFlag: boolean): number[] {
  const indexed = question.options.map((option, index) => ({ option, index }));
  const flagged = indexed.filter(({ option }) => option.flagged === true).map(({ index }) => index);
  const regular = indexed.filter(({ option }) => option.flagged !== true).map(({ index }) => index);
  const multiple = question.type === 0 || question.type === 3;
  if (flagged.length > 0 && (forceFlag || random.chance(FLAGGED_SHARE))) {
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

function planNotes(visits: VisitPlan[], count: number): NotePlan[] {
  const random = new Random(0x0707e5);
  if (visits.length === 0) return [];
  return Array.from({ length: count }, (_, index) => {
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

function planNotifications(observers: ObserverPlan[]): SeedPlan["notifications"] {
  const random = new Random(0x2071f1);
  const registered = observers.filter((observer) => observer.fcmToken !== null && observer.ngo !== 3);
  return NOTIFICATIONS.map(() => {
    const recipients = new Set<string>();
    const wanted = Math.min(registered.length, random.int(4, 8));
    while (recipients.size < wanted) recipients.add(random.pick(registered).phone);
    return { recipients: [...recipients].sort() };
  });
}

function planSeed(observerCount: number): SeedPlan {
  const observers = planObservers(observerCount);
  const answering = pickAnsweringObservers(observers);
  const visits = planVisits(answering);
  // Two observers left after the election: soft-deleted, their answers stay attributed.
  const leavers = answering.filter((o) => !DEMO_OBSERVERS.some((demo) => demo.phone === o.phone)).slice(3, 5);
  for (const observer of leavers) observer.deletedAt = OBSERVERS_DELETED_AT;
  return {
    observers,
    visits,
    notes: planNotes(visits, Math.round(observerCount * 0.3)),
    notifications: planNotifications(observers.filter((observer) => observer.deletedAt === null)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writing

type Tx = Transaction<Database>;
type Ids = Map<string, number>;

const ANSWER_BATCH = 1000;
const HASH_CONCURRENCY = 16;

/**
 * Fills an empty database with the demo data, in one transaction. Does nothing (`seeded: false`) when
 * any NGO exists. Attachments are written to `files` before the transaction commits.
 */
export async function seedDemoData(
  handle: DatabaseHandle,
  files: FileStore,
  options: SeedOptions = {},
): Promise<{ seeded: boolean }> {
  const observerCount = options.observers ?? 200;
  if (!Number.isInteger(observerCount) || observerCount < 0 || observerCount > 999_999) {
    throw new RangeError(`observers must be an integer from 0 to 999999, got ${observerCount}`);
  }
  if (await hasData(handle.db)) return { seeded: false };
  const plan = planSeed(observerCount);
  const [passwordHashes, pinHashes] = await Promise.all([
    Promise.all(DEMO_ACCOUNTS.map((account) => hashSecret(account.password, PASSWORD_COST))),
    hashPins(plan.observers.map((observer) => observer.pin)),
  ]);
  return handle.db.transaction().execute(async (trx) => {
    // Two servers starting on one empty PostgreSQL database must not both seed it.
    await sql`LOCK TABLE ngo IN EXCLUSIVE MODE`.execute(trx);
    if (await hasData(trx)) return { seeded: false };
    const ngoIds = await insertNgos(trx, passwordHashes);
    const countyIds = await insertCountiesAndStations(trx);
    const optionIds = await insertForms(trx);
    const observerIds = await insertObservers(trx, plan.observers, pinHashes, ngoIds);
    const stationIds = await lookUpStations(trx, plan.visits, countyIds);
    await insertVisits(trx, plan.visits, observerIds, stationIds, optionIds);
    await insertNotes(trx, files, plan.notes, observerIds, stationIds, optionIds);
    await insertNotifications(trx, plan, observerIds, ngoIds);
    return { seeded: true };
  });
}

async function hasData(db: DatabaseHandle["db"] | Tx): Promise<boolean> {
  return (await db.selectFrom("ngo").select("id").limit(1).executeTakeFirst()) !== undefined;
}

async function hashPins(pins: string[]): Promise<string[]> {
  const hashes: string[] = [];
  for (let start = 0; start < pins.length; start += HASH_CONCURRENCY) {
    const chunk = pins.slice(start, start + HASH_CONCURRENCY);
    hashes.push(...(await Promise.all(chunk.map((pin) => hashSecret(pin, PIN_COST, "bulk")))));
  }
  return hashes;
}

/** NGOs and their admins; returns NGO ids by 1-based position ("1", "2", "3") and admin ids by account. */
async function insertNgos(trx: Tx, passwordHashes: string[]): Promise<Ids> {
  const ngos = await trx
    .insertInto("ngo")
    .values(NGOS.map((ngo) => ({ ...ngo, createdAt: SETUP_TIME })))
    .returning(["id", "shortName"])
    .execute();
  const ids: Ids = new Map();
  NGOS.forEach((ngo, index) => ids.set(String(index + 1), ngos.find((row) => row.shortName === ngo.shortName)!.id));
  const admins = await trx
    .insertInto("ngoAdmin")
    .values(
      DEMO_ACCOUNTS.map((account, index) => ({
        ngoId: ids.get(String(account.ngoId))!,
        account: account.user,
        passwordHash: passwordHashes[index]!,
        createdAt: SETUP_TIME,
      })),
    )
    .returning(["id", "account"])
    .execute();
  for (const admin of admins) ids.set(admin.account, admin.id);
  return ids;
}

async function insertCountiesAndStations(trx: Tx): Promise<Ids> {
  const counties = await trx
    .insertInto("county")
    .values(
      DEMO_COUNTIES.map((county, index) => ({
        code: county.code,
        name: county.name,
        pollingStationCount: county.limit,
        diaspora: county.diaspora,
        displayOrder: index + 1,
      })),
    )
    .returning(["id", "code"])
    .execute();
  await sql`
    INSERT INTO polling_station (county_id, number, address)
    SELECT c.id, n, 'Secția de votare nr. ' || n || ', ' || c.name
    FROM county c CROSS JOIN LATERAL generate_series(1, c.polling_station_count) AS n
    ORDER BY c.display_order, n`.execute(trx);
  return new Map(counties.map((county) => [county.code, county.id]));
}

/** Forms, sections, questions and options; returns option ids keyed "<question code>#<option index>". */
async function insertForms(trx: Tx): Promise<Ids> {
  const forms = await trx
    .insertInto("form")
    .values(
      DEMO_FORMS.map((form, index) => ({
        code: form.code,
        description: form.description,
        diaspora: form.diaspora,
        draft: form.draft,
        currentVersion: form.version,
        displayOrder: index + 1,
        updatedAt: FORMS_PUBLISHED_AT,
      })),
    )
    .returning(["id", "code"])
    .execute();
  const formIds = new Map(forms.map((form) => [form.code, form.id]));
  const sections = DEMO_FORMS.flatMap((form) =>
    form.sections.map((section, index) => ({ form, section, code: sectionCodeOf(form, index), order: index + 1 })),
  );
  const sectionRows = await trx
    .insertInto("formSection")
    .values(
      sections.map((s) => ({
        formId: formIds.get(s.form.code)!,
        code: s.code,
        description: s.section.description,
        orderNumber: s.order,
      })),
    )
    .returning(["id", "code"])
    .execute();
  const sectionIds = new Map(sectionRows.map((row) => [row.code, row.id]));
  const questions = sections.flatMap((s) =>
    s.section.questions.map((question, index) => ({
      question,
      sectionCode: s.code,
      code: questionCodeOf(s.code, index),
      order: index + 1,
    })),
  );
  const questionRows = await trx
    .insertInto("question")
    .values(
      questions.map((q) => ({
        sectionId: sectionIds.get(q.sectionCode)!,
        code: q.code,
        text: q.question.text,
        questionType: q.question.type,
        orderNumber: q.order,
      })),
    )
    .returning(["id", "code"])
    .execute();
  const questionIds = new Map(questionRows.map((row) => [row.code, row.id]));
  const optionRows = await trx
    .insertInto("questionOption")
    .values(
      questions.flatMap((q) =>
        q.question.options.map((option, index) => ({
          questionId: questionIds.get(q.code)!,
          text: option.text,
          isFreeText: option.freeText === true,
          flagged: option.flagged === true,
          orderNumber: index + 1,
        })),
      ),
    )
    .returning(["id", "questionId", "orderNumber"])
    .execute();
  const codeOfQuestion = new Map(questionRows.map((row) => [row.id, row.code]));
  const ids: Ids = new Map(questionRows.map((row) => [`question:${row.code}`, row.id]));
  for (const row of optionRows) ids.set(`${codeOfQuestion.get(row.questionId)}#${row.orderNumber - 1}`, row.id);
  return ids;
}

async function insertObservers(trx: Tx, observers: ObserverPlan[], pinHashes: string[], ngoIds: Ids): Promise<Ids> {
  const rows = await trx
    .insertInto("observer")
    .values(
      observers.map((observer, index) => ({
        ngoId: ngoIds.get(String(observer.ngo))!,
        phone: observer.phone,
        name: observer.name,
        pinHash: pinHashes[index]!,
        deviceRegisterDate: observer.deviceRegisterDate,
        mobileDeviceId: observer.mobileDeviceId,
        createdAt: observer.createdAt,
        deletedAt: observer.deletedAt,
      })),
    )
    .returning(["id", "phone"])
    .execute();
  return new Map(rows.map((row) => [row.phone, row.id]));
}

const stationKey = (station: StationRef) => `${station.county}:${station.number}`;

async function lookUpStations(trx: Tx, visits: VisitPlan[], countyIds: Ids): Promise<Ids> {
  const wanted = [...new Map(visits.map((visit) => [stationKey(visit.station), visit.station])).values()];
  if (wanted.length === 0) return new Map();
  const pairs = wanted.map((station) => sql`(${countyIds.get(station.county)!}::int, ${station.number}::int)`);
  const { rows } = await sql<{ id: number; countyId: number; number: number }>`
    SELECT id, county_id, number FROM polling_station
    WHERE (county_id, number) IN (${sql.join(pairs)})`.execute(trx);
  const codeOfCounty = new Map([...countyIds].map(([code, id]) => [id, code]));
  return new Map(rows.map((row) => [`${codeOfCounty.get(row.countyId)}:${row.number}`, row.id]));
}

async function insertVisits(trx: Tx, visits: VisitPlan[], observerIds: Ids, stationIds: Ids, optionIds: Ids) {
  if (visits.length === 0) return;
  await trx
    .insertInto("pollingStationInfo")
    .values(
      visits.map((visit) => ({
        observerId: observerIds.get(visit.phone)!,
        pollingStationId: stationIds.get(stationKey(visit.station))!,
        lastModified: visit.leave ?? visit.arrival,
        observerArrivalTime: visit.arrival,
        observerLeaveTime: visit.leave,
        urbanArea: visit.urbanArea,
        isPresidentFemale: visit.isPresidentFemale,
      })),
    )
    .execute();
  const answers = visits.flatMap((visit) =>
    visit.submissions.flatMap((submission) =>
      submission.choices.map((choice) => ({
        observerId: observerIds.get(visit.phone)!,
        optionId: optionIds.get(`${choice.questionCode}#${choice.optionIndex}`)!,
        pollingStationId: stationIds.get(stationKey(visit.station))!,
        value: choice.value,
        lastModified: submission.lastModified,
      })),
    ),
  );
  for (let start = 0; start < answers.length; start += ANSWER_BATCH) {
    await trx.insertInto("answer").values(answers.slice(start, start + ANSWER_BATCH)).execute();
  }
}

async function insertNotes(trx: Tx, files: FileStore, notes: NotePlan[], observerIds: Ids, stationIds: Ids, optionIds: Ids) {
  if (notes.length === 0) return;
  // Ids drawn up front so each note's attachments can point at it without relying on RETURNING order.
  const { rows } = await sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence('note', 'id'))::int AS id FROM generate_series(1, ${notes.length}::int)`.execute(trx);
  const noteIds = rows.map((row) => row.id).sort((a, b) => a - b);
  await trx
    .insertInto("note")
    .values(
      notes.map((note, index) => ({
        id: noteIds[index]!,
        observerId: observerIds.get(note.visit.phone)!,
        pollingStationId: stationIds.get(stationKey(note.visit.station))!,
        questionId: note.questionCode === null ? null : optionIds.get(`question:${note.questionCode}`)!,
        text: note.text,
        lastModified: note.lastModified,
      })),
    )
    .execute();
  const attachments = notes.flatMap((note, index) =>
    Array.from({ length: note.images }, (_, image) => {
      const bytes = demoPng(note.key * 10 + image, 160, 120);
      return {
        bytes,
        row: {
          noteId: noteIds[index]!,
          fileName: `photo-${image + 1}.png`,
          mimeType: "image/png",
          storageKey: `seed-note-${note.key}-${image + 1}.png`,
          sizeBytes: bytes.length,
        },
      };
    }),
  );
  if (attachments.length === 0) return;
  await trx.insertInto("noteAttachment").values(attachments.map((a) => a.row)).execute();
  await Promise.all(attachments.map((a) => files.put(a.row.storageKey, a.bytes)));
}

async function insertNotifications(trx: Tx, plan: SeedPlan, observerIds: Ids, ngoIds: Ids) {
  const sender = DEMO_ACCOUNTS[0];
  const rows = await trx
    .insertInto("notification")
    .values(
      NOTIFICATIONS.map((notification) => ({
        title: notification.title,
        message: notification.message,
        channel: "Firebase",
        senderFrom: "Monitorizare Vot",
        senderAdminId: ngoIds.get(sender.user)!,
        senderNgoId: ngoIds.get(String(sender.ngoId))!,
        sentAt: notification.sentAt,
      })),
    )
    .returning(["id", "sentAt"])
    .execute();
  const recipients = NOTIFICATIONS.flatMap((notification, index) => {
    const id = rows.find((row) => row.sentAt.getTime() === notification.sentAt.getTime())!.id;
    return plan.notifications[index]!.recipients.map((phone) => ({ notificationId: id, observerId: observerIds.get(phone)! }));
  });
  if (recipients.length > 0) await trx.insertInto("notificationRecipient").values(recipients).execute();
  const registrations = plan.observers
    .filter((observer) => observer.fcmToken !== null)
    .map((observer) => ({
      observerId: observerIds.get(observer.phone)!,
      channelName: "Firebase",
      token: observer.fcmToken!,
      updatedAt: observer.deviceRegisterDate!,
    }));
  if (registrations.length > 0) await trx.insertInto("notificationRegistration").values(registrations).execute();
}
