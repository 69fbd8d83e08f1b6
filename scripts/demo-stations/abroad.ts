/**
 * Cities abroad with Romanian communities, countries in Romanian alphabetical order as the diaspora lists go (the
 * generator orders a country's cities); `weight` is the city's share of the diaspora's stations, `mission` the
 * Romanian embassy or consulate that holds its first ones.
 */
export interface City {
  name: string;
  weight: number;
  mission?: "Ambasada României" | "Consulatul General al României" | "Consulatul României";
  /** Street names when the country's do not fit (another language). */
  streets?: readonly string[];
}

export interface Country {
  /** How a building's address reads there. */
  address: (street: string, number: number) => string;
  streets: readonly string[];
  cities: readonly City[];
}

const numberFirst = (street: string, number: number) => `${number} ${street}`;
const numberLast = (street: string, number: number) => `${street} ${number}`;
const romanian = (street: string, number: number) => `${street} nr. ${number}`;

const ENGLISH = ["High Street", "Church Road", "Station Road", "Victoria Road", "Park Lane", "King Street"];
const AMERICAN = ["Main Street", "Park Avenue", "Broadway", "Oak Street", "Washington Avenue", "Lincoln Avenue"];
const GERMAN = ["Hauptstraße", "Bahnhofstraße", "Schillerstraße", "Goethestraße", "Kirchstraße", "Lindenstraße"];
const FRENCH = ["rue de la République", "avenue Jean Jaurès", "rue Victor Hugo", "boulevard Gambetta", "rue Pasteur", "rue Voltaire"];

export const COUNTRIES: readonly Country[] = [
  { address: numberFirst, streets: ["Elizabeth Street", "King Street", "William Street"], cities: [{ name: "Sydney", weight: 1, mission: "Consulatul General al României" }, { name: "Melbourne", weight: 1 }] },
  { address: numberLast, streets: GERMAN, cities: [{ name: "Viena", weight: 10, mission: "Ambasada României" }, { name: "Graz", weight: 2 }, { name: "Linz", weight: 2 }, { name: "Salzburg", weight: 1 }] },
  { address: numberLast, streets: FRENCH, cities: [{ name: "Bruxelles", weight: 12, mission: "Ambasada României" }, { name: "Anvers", weight: 3, streets: ["Meir", "Kerkstraat", "Lange Leemstraat"] }, { name: "Liège", weight: 2 }] },
  {
    address: numberFirst,
    streets: ["Yonge Street", "Queen Street", "Bloor Street"],
    cities: [
      { name: "Toronto", weight: 5, mission: "Consulatul General al României" },
      { name: "Montréal", weight: 4, mission: "Consulatul General al României", streets: ["rue Sherbrooke", "boulevard Saint-Laurent", "rue Saint-Denis"] },
      { name: "Vancouver", weight: 2, streets: ["Granville Street", "Robson Street", "Main Street"] },
    ],
  },
  { address: numberLast, streets: ["Makarios Avenue", "Ledra Street", "Anexartisias Street"], cities: [{ name: "Nicosia", weight: 3, mission: "Ambasada României" }, { name: "Limassol", weight: 2 }] },
  { address: numberLast, streets: ["Vestergade", "Nørregade", "Strandvejen"], cities: [{ name: "Copenhaga", weight: 4, mission: "Ambasada României" }] },
  {
    address: numberLast,
    streets: ["Bahnhofstrasse", "Seestrasse", "Kramgasse"],
    cities: [{ name: "Berna", weight: 2, mission: "Ambasada României" }, { name: "Geneva", weight: 3, streets: ["rue du Rhône", "rue de Lausanne", "avenue de France"] }, { name: "Zürich", weight: 3 }],
  },
  { address: numberLast, streets: ["Sheikh Zayed Road", "Al Wasl Road", "Corniche Road"], cities: [{ name: "Abu Dhabi", weight: 1, mission: "Ambasada României" }, { name: "Dubai", weight: 2, mission: "Consulatul General al României" }] },
  {
    address: numberFirst,
    streets: FRENCH,
    cities: [
      { name: "Paris", weight: 18, mission: "Ambasada României" }, { name: "Lyon", weight: 5, mission: "Consulatul General al României" },
      { name: "Marsilia", weight: 3, mission: "Consulatul General al României" }, { name: "Strasbourg", weight: 3, mission: "Consulatul General al României" },
      { name: "Bordeaux", weight: 2 }, { name: "Nisa", weight: 2 },
    ],
  },
  {
    address: numberLast,
    streets: GERMAN,
    cities: [
      { name: "Berlin", weight: 10, mission: "Ambasada României" }, { name: "Bonn", weight: 2, mission: "Consulatul General al României" },
      { name: "Frankfurt pe Main", weight: 7 }, { name: "Hamburg", weight: 4 }, { name: "Köln", weight: 5 },
      { name: "München", weight: 12, mission: "Consulatul General al României" }, { name: "Nürnberg", weight: 5 },
      { name: "Stuttgart", weight: 8, mission: "Consulatul General al României" },
    ],
  },
  { address: numberLast, streets: ["Odos Ermou", "Leoforos Syngrou", "Odos Egnatia"], cities: [{ name: "Atena", weight: 4, mission: "Ambasada României" }, { name: "Salonic", weight: 2, mission: "Consulatul General al României" }] },
  { address: numberFirst, streets: ENGLISH, cities: [{ name: "Dublin", weight: 12, mission: "Ambasada României" }, { name: "Cork", weight: 2 }] },
  { address: numberLast, streets: ["Herzl Street", "Allenby Street", "HaNassi Boulevard"], cities: [{ name: "Tel Aviv", weight: 3, mission: "Ambasada României" }, { name: "Haifa", weight: 2 }] },
  {
    address: numberLast,
    streets: ["Via Roma", "Via Garibaldi", "Via Mazzini", "Corso Vittorio Emanuele II", "Via Dante", "Via Cavour"],
    cities: [
      { name: "Bari", weight: 3, mission: "Consulatul General al României" }, { name: "Bologna", weight: 8, mission: "Consulatul General al României" },
      { name: "Catania", weight: 3, mission: "Consulatul României" }, { name: "Florența", weight: 6 }, { name: "Genova", weight: 3 },
      { name: "Milano", weight: 18, mission: "Consulatul General al României" }, { name: "Napoli", weight: 4 }, { name: "Padova", weight: 5 },
      { name: "Roma", weight: 24, mission: "Ambasada României" }, { name: "Torino", weight: 18, mission: "Consulatul General al României" },
      { name: "Trieste", weight: 3, mission: "Consulatul General al României" }, { name: "Veneția", weight: 3 }, { name: "Verona", weight: 5 },
    ],
  },
  {
    address: numberFirst,
    streets: ENGLISH,
    cities: [
      { name: "Belfast", weight: 2 }, { name: "Birmingham", weight: 8 }, { name: "Bristol", weight: 2 }, { name: "Cardiff", weight: 2 },
      { name: "Edinburgh", weight: 4, mission: "Consulatul General al României" }, { name: "Glasgow", weight: 3 }, { name: "Leeds", weight: 3 },
      { name: "Londra", weight: 40, mission: "Ambasada României" }, { name: "Manchester", weight: 8, mission: "Consulatul General al României" },
    ],
  },
  { address: numberLast, streets: ["Karl Johans gate", "Storgata", "Kirkeveien"], cities: [{ name: "Oslo", weight: 3, mission: "Ambasada României" }] },
  { address: numberLast, streets: ["ul. Marszałkowska", "ul. Piękna", "ul. Puławska"], cities: [{ name: "Varșovia", weight: 2, mission: "Ambasada României" }] },
  { address: numberLast, streets: ["Avenida da Liberdade", "Rua Augusta", "Rua de Santa Catarina"], cities: [{ name: "Lisabona", weight: 5, mission: "Ambasada României" }, { name: "Porto", weight: 2 }] },
  {
    address: romanian,
    streets: ["Bd. Ștefan cel Mare și Sfânt", "Str. Mihai Eminescu", "Str. Independenței", "Bd. Dacia", "Str. Alexandru cel Bun"],
    cities: [
      { name: "Chișinău", weight: 20, mission: "Ambasada României" }, { name: "Bălți", weight: 5, mission: "Consulatul General al României" },
      { name: "Cahul", weight: 4, mission: "Consulatul General al României" }, { name: "Comrat", weight: 2 }, { name: "Orhei", weight: 2 },
      { name: "Soroca", weight: 2 }, { name: "Ungheni", weight: 3, mission: "Consulatul României" },
    ],
  },
  {
    address: numberLast,
    streets: ["Calle Mayor", "Avenida de la Constitución", "Calle Real", "Calle San Juan", "Avenida de Andalucía", "Calle del Carmen"],
    cities: [
      { name: "Alcalá de Henares", weight: 6 }, { name: "Alicante", weight: 4 }, { name: "Almería", weight: 4, mission: "Consulatul General al României" },
      { name: "Arganda del Rey", weight: 3 }, { name: "Barcelona", weight: 8, mission: "Consulatul General al României" },
      { name: "Bilbao", weight: 2, mission: "Consulatul General al României" }, { name: "Castellón de la Plana", weight: 8, mission: "Consulatul General al României" },
      { name: "Coslada", weight: 4 }, { name: "Madrid", weight: 18, mission: "Ambasada României" }, { name: "Málaga", weight: 3 },
      { name: "Palma de Mallorca", weight: 2 }, { name: "Sevilla", weight: 3, mission: "Consulatul General al României" },
      { name: "Valencia", weight: 7 }, { name: "Zaragoza", weight: 6, mission: "Consulatul General al României" },
    ],
  },
  {
    address: numberFirst,
    streets: AMERICAN,
    cities: [
      { name: "Chicago", weight: 3, mission: "Consulatul General al României" }, { name: "Houston", weight: 2 },
      { name: "Los Angeles", weight: 3, mission: "Consulatul General al României" }, { name: "Miami", weight: 2 },
      { name: "New York", weight: 4, mission: "Consulatul General al României" }, { name: "Washington", weight: 3, mission: "Ambasada României" },
    ],
  },
  { address: numberLast, streets: ["Drottninggatan", "Kungsgatan", "Storgatan"], cities: [{ name: "Stockholm", weight: 3, mission: "Ambasada României" }, { name: "Göteborg", weight: 2 }] },
  { address: numberLast, streets: ["Atatürk Caddesi", "İstiklal Caddesi", "Cumhuriyet Caddesi"], cities: [{ name: "Ankara", weight: 1, mission: "Ambasada României" }, { name: "Istanbul", weight: 2, mission: "Consulatul General al României" }] },
  { address: numberLast, streets: ["Kerkstraat", "Stationsweg", "Molenstraat"], cities: [{ name: "Amsterdam", weight: 3 }, { name: "Haga", weight: 3, mission: "Ambasada României" }, { name: "Rotterdam", weight: 2 }] },
  { address: numberLast, streets: ["Kossuth Lajos utca", "Petőfi Sándor utca", "Andrássy út"], cities: [{ name: "Budapesta", weight: 4, mission: "Ambasada României" }, { name: "Szeged", weight: 1, mission: "Consulatul General al României" }] },
];
