/** The demo's Romanian content: observer names and what observers and admins wrote. */

export const FIRST_NAMES = [
  "Ana", "Andreea", "Ioana", "Maria", "Elena", "Cristina", "Mihaela", "Alexandra", "Ștefania", "Oana",
  "Raluca", "Irina", "Bianca", "Diana", "Roxana", "Gabriela", "Alina", "Corina", "Ramona", "Teodora",
  "Andrei", "Alexandru", "Mihai", "Ion", "Ștefan", "Radu", "Bogdan", "Cătălin", "Florin", "Vlad",
  "Răzvan", "Costin", "Dragoș", "Tudor", "Sorin", "Marius", "Ionuț", "Cosmin", "Mircea", "Gheorghe",
];

export const LAST_NAMES = [
  "Popescu", "Ionescu", "Popa", "Pop", "Radu", "Dumitru", "Stan", "Stoica", "Gheorghiu", "Matei",
  "Ciobanu", "Rusu", "Mihăilescu", "Constantinescu", "Munteanu", "Dinu", "Lungu", "Tănase", "Nistor", "Șerban",
  "Moldovan", "Vasilescu", "Bălan", "Țurcanu", "Georgescu", "Ardeleanu", "Bucur", "Căpraru", "Drăgulescu", "Neagu",
  "Oprea", "Sârbu", "Toma", "Zamfir", "Marin", "Florea", "Iordache", "Bratu", "Dobre", "Mocanu",
];

/** Typed by observers next to an "other" option. */
export const FREE_TEXTS = [
  "Președintele secției a refuzat să răspundă la întrebări.",
  "Lipsea o ștampilă de control, a fost adusă după o oră.",
  "Un membru al biroului a plecat fără să anunțe.",
  "Am semnalat situația președintelui și s-a remediat.",
  "Coada ajungea până în stradă.",
  "Un alegător a fost îndrumat să voteze în altă secție.",
  "Iluminatul din sală era insuficient.",
  "Totul s-a desfășurat normal, fără incidente.",
];

export const NOTE_TEXTS = [
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

/** Sent by the organizer admin around election day. */
export const NOTIFICATIONS = [
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

/** Sent by the organizer admin on last year's election day (the archived round), 06:30 in Bucharest. */
export const ARCHIVED_NOTIFICATIONS = [
  {
    title: "Turul 2: deschiderea secțiilor",
    message: "Completați formularul A imediat după deschiderea secției și semnalați orice neregulă.",
    sentAt: new Date(Date.UTC(2025, 4, 18, 3, 30, 0)),
  },
] as const;
