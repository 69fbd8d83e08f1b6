/*
 * What the election-day dataset adds to the demo's content: two more NGOs with an admin each, and the texts of the
 * situation room's notifications. Positions continue the demo's: NGO 4 and 5 follow DEMO_NGOS' three.
 */

export const SCALE_NGOS = [
  { name: "Observatorul Electoral Civic", shortName: "OEC", organizer: false, isActive: true },
  { name: "Rețeaua Votului Liber", shortName: "RVL", organizer: false, isActive: true },
] as const;

/** Position of SCALE_NGOS' first entry among all NGOs, from 1 (the plan's `ngo`). */
export const FIRST_SCALE_NGO = 4;

/** One admin per added NGO, with the demo's password: a dataset for benches, never for production. */
export const SCALE_ACCOUNTS = [
  { user: "0700000004", password: "demo1234", ngoId: 4, description: "admin of OEC, a non-organizer NGO of the election-day dataset" },
  { user: "0700000005", password: "demo1234", ngoId: 5, description: "admin of RVL, a non-organizer NGO of the election-day dataset" },
] as const;

/** Who sends the notifications, with their weights: mostly the organizer's situation room. */
export const NOTIFICATION_SENDERS: readonly { account: string; weight: number }[] = [
  { account: "0700000001", weight: 60 },
  { account: "0700000002", weight: 20 },
  { account: "0700000004", weight: 12 },
  { account: "0700000005", weight: 8 },
];

export const NOTIFICATION_TEXTS: readonly { title: string; message: string }[] = [
  { title: "Verificați sigiliile", message: "Înainte de deschidere, fotografiați sigiliile urnelor și trimiteți o notă." },
  { title: "Deschiderea secțiilor", message: "Completați formularul A imediat după deschiderea secției." },
  { title: "Coadă la secție", message: "Dacă vedeți o coadă de peste o oră, trimiteți o notă cu o fotografie." },
  { title: "Urna mobilă", message: "Însoțiți urna mobilă doar dacă rămâne un alt observator în secție." },
  { title: "Propagandă electorală", message: "Semnalați materialele de propagandă aflate la mai puțin de 50 m de secție." },
  { title: "Transport organizat", message: "Notați numerele de înmatriculare ale microbuzelor care aduc alegători." },
  { title: "Pauza de masă", message: "Anunțați coordonatorul de județ înainte să părăsiți secția." },
  { title: "Formularul B", message: "Trimiteți formularul B de cel puțin două ori pe parcursul zilei." },
  { title: "Închiderea secțiilor", message: "Rămâneți în secție până la afișarea procesului-verbal." },
  { title: "Numărarea voturilor", message: "Cereți o copie a procesului-verbal semnată de toți membrii biroului." },
  { title: "Contestații", message: "Dacă o contestație este respinsă, notați motivul și numele președintelui." },
  { title: "Linia de urgență", message: "Pentru incidente grave sunați la coordonatorul de județ, apoi trimiteți o notă." },
];
