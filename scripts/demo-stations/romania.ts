/**
 * Real places of every county: its seat, towns and communes with their population in thousands (about the 2021
 * census), which weighs how many of the county's stations each gets. Bucharest is its six sectors.
 */
export type Place = readonly [name: string, thousands: number];

export interface CountyPlaces {
  seat: Place;
  /** Municipalities and towns. */
  towns: readonly Place[];
  communes: readonly Place[];
}

export const BUCHAREST_SECTORS: readonly Place[] = [
  ["București Sectorul 1", 200], ["București Sectorul 2", 300], ["București Sectorul 3", 380],
  ["București Sectorul 4", 280], ["București Sectorul 5", 240], ["București Sectorul 6", 330],
];

export const COUNTY_PLACES: Readonly<Record<string, CountyPlaces>> = {
  AB: {
    seat: ["Alba Iulia", 64],
    towns: [["Aiud", 22], ["Blaj", 20], ["Sebeș", 27], ["Cugir", 21], ["Ocna Mureș", 12], ["Abrud", 5], ["Câmpeni", 7], ["Teiuș", 7], ["Zlatna", 7]],
    communes: [["Ciugud", 4], ["Galda de Jos", 4], ["Ighiu", 6], ["Vințu de Jos", 5], ["Mihalț", 3], ["Unirea", 5], ["Lupșa", 3], ["Albac", 2], ["Arieșeni", 2], ["Sântimbru", 3], ["Cricău", 2], ["Șona", 4]],
  },
  AR: {
    seat: ["Arad", 145],
    towns: [["Ineu", 9], ["Lipova", 10], ["Chișineu-Criș", 7], ["Pecica", 12], ["Curtici", 8], ["Nădlac", 7], ["Sântana", 11], ["Pâncota", 6], ["Sebiș", 5]],
    communes: [["Vladimirescu", 13], ["Livada", 7], ["Șofronea", 3], ["Fântânele", 4], ["Vinga", 5], ["Zăbrani", 4], ["Ghioroc", 4], ["Semlac", 3], ["Macea", 6], ["Șiria", 6], ["Săvârșin", 3], ["Frumușeni", 3]],
  },
  AG: {
    seat: ["Pitești", 142],
    towns: [["Câmpulung", 29], ["Curtea de Argeș", 26], ["Mioveni", 31], ["Costești", 10], ["Topoloveni", 9], ["Ștefănești", 15]],
    communes: [["Bradu", 9], ["Mărăcineni", 6], ["Albota", 5], ["Bascov", 10], ["Călinești", 12], ["Leordeni", 5], ["Merișani", 5], ["Domnești", 5], ["Rucăr", 5], ["Dâmbovicioara", 1], ["Arefu", 2], ["Mozăceni", 3], ["Poiana Lacului", 6], ["Moșoaia", 6], ["Oarja", 3]],
  },
  BC: {
    seat: ["Bacău", 136],
    towns: [["Onești", 39], ["Moinești", 20], ["Comănești", 20], ["Buhuși", 15], ["Dărmănești", 13], ["Târgu Ocna", 10], ["Slănic-Moldova", 4]],
    communes: [["Nicolae Bălcescu", 9], ["Sascut", 8], ["Hemeiuș", 5], ["Letea Veche", 7], ["Mărgineni", 9], ["Măgura", 5], ["Săucești", 8], ["Răcăciuni", 8], ["Berești-Bistrița", 3], ["Parincea", 4], ["Podu Turcului", 5], ["Filipești", 5], ["Faraoani", 4]],
  },
  BH: {
    seat: ["Oradea", 183],
    towns: [["Salonta", 16], ["Marghita", 15], ["Beiuș", 10], ["Aleșd", 9], ["Valea lui Mihai", 9], ["Ștei", 5], ["Săcueni", 10], ["Vașcău", 2]],
    communes: [["Sânmartin", 14], ["Oșorhei", 7], ["Nojorid", 6], ["Paleu", 4], ["Borș", 5], ["Biharia", 6], ["Tinca", 7], ["Tileagd", 7], ["Sântandrei", 8], ["Diosig", 6], ["Bratca", 5]],
  },
  BN: {
    seat: ["Bistrița", 78],
    towns: [["Beclean", 11], ["Năsăud", 9], ["Sângeorz-Băi", 10]],
    communes: [["Prundu Bârgăului", 6], ["Tiha Bârgăului", 6], ["Feldru", 7], ["Rodna", 6], ["Maieru", 7], ["Telciu", 5], ["Josenii Bârgăului", 5], ["Livezile", 5], ["Lechința", 5], ["Budacu de Jos", 4], ["Cetate", 3], ["Teaca", 6], ["Ilva Mare", 3], ["Salva", 4]],
  },
  BT: {
    seat: ["Botoșani", 106],
    towns: [["Dorohoi", 24], ["Darabani", 9], ["Săveni", 6], ["Flămânzi", 10], ["Bucecea", 4], ["Ștefănești", 5]],
    communes: [["Trușești", 6], ["Vorona", 8], ["Mihai Eminescu", 9], ["Răchiți", 4], ["Curtești", 6], ["Hlipiceni", 3], ["Cristinești", 4], ["Vlăsinești", 3], ["Stăuceni", 3], ["Mihălășeni", 3], ["Coțușca", 5], ["Suharău", 4]],
  },
  BV: {
    seat: ["Brașov", 238],
    towns: [["Făgăraș", 27], ["Săcele", 32], ["Codlea", 20], ["Zărnești", 22], ["Râșnov", 15], ["Rupea", 5], ["Victoria", 7], ["Ghimbav", 6], ["Predeal", 4]],
    communes: [["Hărman", 6], ["Sânpetru", 6], ["Prejmer", 9], ["Cristian", 4], ["Bod", 4], ["Feldioara", 6], ["Tărlungeni", 8], ["Vulcan", 5], ["Hălchiu", 4], ["Bran", 5], ["Moieciu", 5], ["Apața", 3], ["Teliu", 4]],
  },
  BR: {
    seat: ["Brăila", 154],
    towns: [["Ianca", 9], ["Însurăței", 6], ["Făurei", 3]],
    communes: [["Chiscani", 5], ["Vădeni", 3], ["Cazasu", 3], ["Tichilești", 3], ["Șuțești", 3], ["Mircea Vodă", 3], ["Viziru", 5], ["Gropeni", 3], ["Romanu", 2], ["Tudor Vladimirescu", 4], ["Râmnicelu", 3], ["Movila Miresii", 3]],
  },
  BZ: {
    seat: ["Buzău", 104],
    towns: [["Râmnicu Sărat", 31], ["Nehoiu", 9], ["Pogoanele", 6], ["Pătârlagele", 7]],
    communes: [["Vernești", 9], ["Săgeata", 5], ["Țintești", 6], ["Merei", 7], ["Berca", 8], ["Vadu Pașii", 9], ["Smeeni", 6], ["Mărăcineni", 6], ["Pietroasele", 3], ["Cislău", 5], ["Poșta Câlnău", 6], ["Gherăseni", 4], ["Siriu", 3]],
  },
  CS: {
    seat: ["Reșița", 58],
    towns: [["Caransebeș", 21], ["Bocșa", 13], ["Oravița", 10], ["Moldova Nouă", 10], ["Oțelu Roșu", 9], ["Anina", 6], ["Băile Herculane", 4]],
    communes: [["Carașova", 3], ["Bozovici", 3], ["Mehadia", 4], ["Teregova", 3], ["Armeniș", 3], ["Zăvoi", 4], ["Berzasca", 2], ["Prigor", 3], ["Cornea", 2], ["Văliug", 1], ["Ezeriș", 1]],
  },
  CL: {
    seat: ["Călărași", 59],
    towns: [["Oltenița", 21], ["Budești", 7], ["Fundulea", 6], ["Lehliu Gară", 6]],
    communes: [["Modelu", 9], ["Cuza Vodă", 5], ["Curcani", 5], ["Dragalina", 7], ["Roseți", 6], ["Ulmu", 4], ["Borcea", 8], ["Chirnogi", 7], ["Mânăstirea", 5], ["Perișoru", 3], ["Ștefan cel Mare", 3], ["Independența", 5], ["Dor Mărunt", 6]],
  },
  CJ: {
    seat: ["Cluj-Napoca", 287],
    towns: [["Turda", 45], ["Dej", 31], ["Câmpia Turzii", 21], ["Gherla", 18], ["Huedin", 9]],
    communes: [["Florești", 52], ["Baciu", 15], ["Apahida", 17], ["Gilău", 9], ["Feleacu", 5], ["Jucu", 5], ["Mihai Viteazu", 5], ["Aghireșu", 6], ["Bonțida", 5], ["Ciurila", 2], ["Chinteni", 4], ["Căpușu Mare", 3], ["Cojocna", 4], ["Mociu", 3]],
  },
  CT: {
    seat: ["Constanța", 263],
    towns: [["Mangalia", 34], ["Medgidia", 34], ["Năvodari", 33], ["Cernavodă", 15], ["Ovidiu", 14], ["Eforie", 10], ["Techirghiol", 7], ["Hârșova", 9], ["Murfatlar", 10], ["Negru Vodă", 4], ["Băneasa", 4]],
    communes: [["Lumina", 10], ["Valu lui Traian", 14], ["Cumpăna", 17], ["Agigea", 9], ["Mihail Kogălniceanu", 10], ["Corbu", 6], ["Tuzla", 7], ["Topraisar", 5], ["Cobadin", 8], ["23 August", 6], ["Limanu", 5]],
  },
  CV: {
    seat: ["Sfântu Gheorghe", 56],
    towns: [["Târgu Secuiesc", 17], ["Covasna", 10], ["Baraolt", 8], ["Întorsura Buzăului", 7]],
    communes: [["Reci", 2], ["Ozun", 4], ["Ilieni", 3], ["Chichiș", 1], ["Boroșneu Mare", 3], ["Zagon", 5], ["Zăbala", 4], ["Sita Buzăului", 4], ["Bodoc", 2], ["Ghelința", 4], ["Turia", 4], ["Brețcu", 3], ["Vâlcele", 4]],
  },
  DB: {
    seat: ["Târgoviște", 73],
    towns: [["Moreni", 17], ["Pucioasa", 13], ["Găești", 13], ["Titu", 9], ["Fieni", 6], ["Răcari", 6]],
    communes: [["Răzvad", 9], ["I. L. Caragiale", 8], ["Băleni", 8], ["Șotânga", 7], ["Voinești", 5], ["Pietroșița", 4], ["Dragomirești", 5], ["Nucet", 5], ["Petrești", 9], ["Cornești", 6], ["Vulcana-Băi", 3], ["Brănești", 4]],
  },
  DJ: {
    seat: ["Craiova", 234],
    towns: [["Băilești", 17], ["Calafat", 15], ["Filiași", 15], ["Dăbuleni", 12], ["Segarcea", 7], ["Bechet", 3]],
    communes: [["Ișalnița", 4], ["Malu Mare", 5], ["Podari", 7], ["Breasta", 4], ["Bucovăț", 4], ["Cârcea", 5], ["Coșoveni", 5], ["Pielești", 4], ["Poiana Mare", 11], ["Cetate", 5], ["Goicea", 3], ["Sadova", 8], ["Bratovoești", 5], ["Leu", 5]],
  },
  GL: {
    seat: ["Galați", 217],
    towns: [["Tecuci", 34], ["Târgu Bujor", 6], ["Berești", 3]],
    communes: [["Șendreni", 4], ["Vânători", 5], ["Tulucești", 7], ["Smârdan", 5], ["Pechea", 11], ["Schela", 4], ["Independența", 4], ["Liești", 9], ["Ivești", 9], ["Matca", 11], ["Cudalbi", 7], ["Costache Negri", 3], ["Frumușița", 5], ["Umbrărești", 8]],
  },
  GR: {
    seat: ["Giurgiu", 55],
    towns: [["Bolintin-Vale", 12], ["Mihăilești", 8]],
    communes: [["Comana", 6], ["Călugăreni", 5], ["Bolintin-Deal", 6], ["Joița", 5], ["Ogrezeni", 6], ["Crevedia Mare", 6], ["Ghimpați", 4], ["Buturugeni", 5], ["Roata de Jos", 7], ["Vânătorii Mici", 4], ["Adunații-Copăceni", 7], ["Gogoșari", 3]],
  },
  GJ: {
    seat: ["Târgu Jiu", 73],
    towns: [["Motru", 16], ["Rovinari", 11], ["Bumbești-Jiu", 8], ["Novaci", 5], ["Târgu Cărbunești", 7], ["Tismana", 6], ["Țicleni", 4], ["Turceni", 6]],
    communes: [["Bălești", 8], ["Runcu", 5], ["Peștișani", 4], ["Scoarța", 5], ["Drăguțești", 5], ["Bâlteni", 4], ["Baia de Fier", 4], ["Polovragi", 3], ["Crasna", 5]],
  },
  HR: {
    seat: ["Miercurea Ciuc", 36],
    towns: [["Odorheiu Secuiesc", 33], ["Gheorgheni", 17], ["Toplița", 12], ["Cristuru Secuiesc", 9], ["Vlăhița", 6], ["Bălan", 5], ["Borsec", 2], ["Băile Tușnad", 1]],
    communes: [["Ciumani", 4], ["Corund", 5], ["Lueta", 3], ["Sândominic", 5], ["Frumoasa", 4], ["Sânsimion", 3], ["Zetea", 5], ["Joseni", 5], ["Remetea", 6], ["Ditrău", 5], ["Ciucsângeorgiu", 5]],
  },
  HD: {
    seat: ["Deva", 56],
    towns: [["Hunedoara", 60], ["Petroșani", 34], ["Vulcan", 22], ["Lupeni", 20], ["Orăștie", 17], ["Brad", 13], ["Petrila", 20], ["Simeria", 11], ["Hațeg", 9], ["Uricani", 8], ["Călan", 10], ["Geoagiu", 5]],
    communes: [["Certeju de Sus", 3], ["Rapoltu Mare", 2], ["Băița", 2], ["Ilia", 3], ["Dobra", 2], ["Baia de Criș", 2], ["Beriu", 2], ["Romos", 3], ["Sântămăria-Orlea", 3], ["Pui", 4], ["Râu de Mori", 3], ["Bretea Română", 3]],
  },
  IL: {
    seat: ["Slobozia", 45],
    towns: [["Fetești", 28], ["Urziceni", 15], ["Țăndărei", 12], ["Amara", 7], ["Fierbinți-Târg", 5], ["Căzănești", 3]],
    communes: [["Grivița", 4], ["Cosâmbești", 2], ["Bucu", 2], ["Giurgeni", 2], ["Coșereni", 3], ["Andrășești", 2], ["Gârbovi", 3], ["Dridu", 3], ["Manasia", 4], ["Axintele", 2], ["Sudiți", 2]],
  },
  IS: {
    seat: ["Iași", 271],
    towns: [["Pașcani", 33], ["Hârlău", 10], ["Târgu Frumos", 10], ["Podu Iloaiei", 9]],
    communes: [["Miroslava", 23], ["Valea Lupului", 9], ["Tomești", 12], ["Popricani", 8], ["Ciurea", 14], ["Bârnova", 7], ["Holboca", 11], ["Aroneanu", 4], ["Rediu", 6], ["Lețcani", 7], ["Movileni", 3], ["Ruginoasa", 7], ["Răducăneni", 7], ["Strunga", 4], ["Ciohorăni", 3], ["Dobrovăț", 2]],
  },
  IF: {
    seat: ["Buftea", 22],
    towns: [["Voluntari", 47], ["Popești-Leordeni", 53], ["Pantelimon", 27], ["Bragadiru", 38], ["Chitila", 14], ["Otopeni", 18], ["Măgurele", 12]],
    communes: [["Chiajna", 40], ["Mogoșoaia", 10], ["Ștefăneștii de Jos", 12], ["Corbeanca", 10], ["Snagov", 9], ["Berceni", 6], ["Domnești", 11], ["Cernica", 13], ["Glina", 10], ["Afumați", 11], ["Tunari", 9], ["Balotești", 10], ["Clinceni", 10]],
  },
  MM: {
    seat: ["Baia Mare", 108],
    towns: [["Sighetu Marmației", 34], ["Borșa", 25], ["Vișeu de Sus", 13], ["Baia Sprie", 14], ["Târgu Lăpuș", 11], ["Seini", 8], ["Cavnic", 4], ["Tăuții-Măgherăuș", 7], ["Ulmeni", 7], ["Săliștea de Sus", 5], ["Dragomirești", 3], ["Șomcuta Mare", 7]],
    communes: [["Recea", 6], ["Groși", 3], ["Săcălășeni", 3], ["Ocna Șugatag", 4], ["Bârsana", 6], ["Budești", 3], ["Ieud", 4], ["Moisei", 9], ["Petrova", 3], ["Poienile de sub Munte", 9], ["Rona de Sus", 4], ["Vadu Izei", 3]],
  },
  MH: {
    seat: ["Drobeta-Turnu Severin", 86],
    towns: [["Orșova", 10], ["Strehaia", 10], ["Vânju Mare", 5], ["Baia de Aramă", 5]],
    communes: [["Șimian", 10], ["Izvoru Bârzii", 4], ["Malovăț", 3], ["Eșelnița", 2], ["Dubova", 1], ["Breznița-Ocol", 3], ["Burila Mare", 3], ["Gruia", 3], ["Cujmir", 4], ["Devesel", 3], ["Punghina", 3], ["Hinova", 2]],
  },
  MS: {
    seat: ["Târgu Mureș", 116],
    towns: [["Reghin", 33], ["Sighișoara", 23], ["Târnăveni", 22], ["Luduș", 14], ["Sovata", 10], ["Iernut", 8], ["Sângeorgiu de Pădure", 5], ["Miercurea Nirajului", 5], ["Sărmașu", 7], ["Ungheni", 6]],
    communes: [["Sâncraiu de Mureș", 7], ["Sângeorgiu de Mureș", 10], ["Livezeni", 6], ["Cristești", 6], ["Corunca", 5], ["Ernei", 5], ["Gornești", 5], ["Band", 6], ["Acățari", 5], ["Gănești", 4], ["Albești", 5]],
  },
  NT: {
    seat: ["Piatra Neamț", 85],
    towns: [["Roman", 50], ["Târgu Neamț", 18], ["Bicaz", 6], ["Roznov", 8]],
    communes: [["Dumbrava Roșie", 9], ["Săvinești", 5], ["Girov", 5], ["Alexandru cel Bun", 7], ["Vânători-Neamț", 8], ["Agapia", 5], ["Borca", 6], ["Ceahlău", 3], ["Pângărați", 5], ["Tarcău", 4], ["Zănești", 6], ["Bodești", 4], ["Gârcina", 4], ["Horia", 3], ["Săbăoani", 11]],
  },
  OT: {
    seat: ["Slatina", 70],
    towns: [["Caracal", 30], ["Balș", 18], ["Corabia", 16], ["Scornicești", 11], ["Drăgănești-Olt", 10], ["Piatra-Olt", 6], ["Potcoava", 5]],
    communes: [["Izbiceni", 5], ["Curtișoara", 4], ["Pleșoiu", 3], ["Slătioara", 3], ["Milcov", 3], ["Valea Mare", 3], ["Strejești", 3], ["Coteana", 2], ["Dobrosloveni", 3], ["Fălcoiu", 3], ["Gârcov", 3], ["Brebeni", 3], ["Grădinari", 3]],
  },
  PH: {
    seat: ["Ploiești", 180],
    towns: [["Câmpina", 31], ["Băicoi", 17], ["Breaza", 15], ["Mizil", 13], ["Comarnic", 11], ["Vălenii de Munte", 11], ["Sinaia", 9], ["Bușteni", 8], ["Urlați", 10], ["Boldești-Scăeni", 10], ["Plopeni", 8], ["Azuga", 4], ["Slănic", 5]],
    communes: [["Blejoi", 12], ["Brazi", 8], ["Bărcănești", 10], ["Berceni", 6], ["Târgșoru Vechi", 10], ["Ariceștii Rahtivani", 8], ["Bucov", 10], ["Păulești", 9], ["Filipeștii de Pădure", 10], ["Valea Călugărească", 10], ["Florești", 7], ["Poiana Câmpina", 6]],
  },
  SM: {
    seat: ["Satu Mare", 91],
    towns: [["Carei", 19], ["Negrești-Oaș", 11], ["Tășnad", 8], ["Livada", 6], ["Ardud", 6]],
    communes: [["Odoreu", 5], ["Botiz", 3], ["Vetiș", 4], ["Dorolț", 4], ["Halmeu", 5], ["Lazuri", 6], ["Moftin", 4], ["Viile Satu Mare", 3], ["Păulești", 5], ["Turț", 6], ["Căpleni", 3], ["Medieșu Aurit", 6], ["Bixad", 5], ["Cămărzana", 3]],
  },
  SJ: {
    seat: ["Zalău", 56],
    towns: [["Șimleu Silvaniei", 14], ["Jibou", 10], ["Cehu Silvaniei", 7]],
    communes: [["Crișeni", 3], ["Mirșid", 2], ["Hereclean", 4], ["Dobrin", 2], ["Sâg", 3], ["Sărmășag", 6], ["Bobota", 3], ["Nușfalău", 3], ["Meseșenii de Jos", 3], ["Românași", 2], ["Crasna", 6], ["Ileanda", 2], ["Surduc", 3], ["Buciumi", 2]],
  },
  SB: {
    seat: ["Sibiu", 134],
    towns: [["Mediaș", 44], ["Cisnădie", 14], ["Avrig", 12], ["Agnita", 8], ["Dumbrăveni", 7], ["Tălmaciu", 7], ["Copșa Mică", 4], ["Ocna Sibiului", 3], ["Săliște", 5], ["Miercurea Sibiului", 3]],
    communes: [["Șelimbăr", 15], ["Cristian", 4], ["Șura Mică", 5], ["Poplaca", 2], ["Rășinari", 5], ["Gura Râului", 4], ["Orlat", 3], ["Slimnic", 3], ["Loamneș", 3], ["Porumbacu de Jos", 3], ["Roșia", 3], ["Mihăileni", 2]],
  },
  SV: {
    seat: ["Suceava", 84],
    towns: [["Fălticeni", 26], ["Rădăuți", 22], ["Câmpulung Moldovenesc", 16], ["Vatra Dornei", 13], ["Gura Humorului", 13], ["Siret", 7], ["Vicovu de Sus", 13], ["Dolhasca", 9], ["Liteni", 9], ["Salcea", 9], ["Cajvana", 7]],
    communes: [["Ipotești", 8], ["Șcheia", 9], ["Moara", 6], ["Bosanci", 9], ["Dumbrăveni", 8], ["Mitocu Dragomirnei", 6], ["Marginea", 10], ["Sucevița", 2], ["Vama", 6], ["Ciprian Porumbescu", 3], ["Udești", 7], ["Adâncata", 4], ["Dărmănești", 6]],
  },
  TR: {
    seat: ["Alexandria", 44],
    towns: [["Roșiorii de Vede", 25], ["Turnu Măgurele", 23], ["Zimnicea", 12], ["Videle", 10]],
    communes: [["Poroschia", 4], ["Nanov", 4], ["Buzescu", 4], ["Orbeasca", 4], ["Drăgănești-Vlașca", 4], ["Plosca", 5], ["Băbăița", 2], ["Cervenia", 2], ["Drăgănești de Vede", 3], ["Islaz", 4], ["Segarcea-Vale", 3], ["Scrioaștea", 2]],
  },
  TM: {
    seat: ["Timișoara", 250],
    towns: [["Lugoj", 37], ["Sânnicolau Mare", 12], ["Jimbolia", 10], ["Făget", 6], ["Buziaș", 6], ["Deta", 6], ["Recaș", 8], ["Gătaia", 5], ["Ciacova", 6]],
    communes: [["Dumbrăvița", 19], ["Giroc", 22], ["Moșnița Nouă", 17], ["Ghiroda", 11], ["Sânmihaiu Român", 7], ["Giarmata", 7], ["Șag", 4], ["Săcălaz", 10], ["Dudeștii Noi", 4], ["Remetea Mare", 3], ["Sânandrei", 7], ["Becicherecu Mic", 4], ["Orțișoara", 4], ["Pișchia", 3]],
  },
  TL: {
    seat: ["Tulcea", 66],
    towns: [["Babadag", 9], ["Măcin", 9], ["Isaccea", 5], ["Sulina", 3]],
    communes: [["Niculițel", 4], ["Frecăței", 2], ["Mihai Bravu", 2], ["Baia", 4], ["Jurilovca", 4], ["Sarichioi", 5], ["Greci", 5], ["Turcoaia", 3], ["Topolog", 4], ["Valea Nucarilor", 4], ["Crișan", 1], ["Murighiol", 3], ["Nufăru", 4]],
  },
  VS: {
    seat: ["Vaslui", 55],
    towns: [["Bârlad", 46], ["Huși", 23], ["Negrești", 9], ["Murgeni", 7]],
    communes: [["Lipovăț", 3], ["Zăpodeni", 4], ["Muntenii de Jos", 5], ["Puiești", 6], ["Banca", 7], ["Zorleni", 7], ["Vutcani", 3], ["Solești", 4], ["Ivănești", 5], ["Dimitrie Cantemir", 3], ["Codăești", 4], ["Laza", 4]],
  },
  VL: {
    seat: ["Râmnicu Vâlcea", 93],
    towns: [["Drăgășani", 16], ["Horezu", 6], ["Brezoi", 6], ["Călimănești", 7], ["Băile Olănești", 4], ["Băile Govora", 2], ["Ocnele Mari", 3], ["Băbeni", 8], ["Bălcești", 4], ["Berbești", 4]],
    communes: [["Vlădești", 3], ["Budești", 8], ["Mihăești", 7], ["Bujoreni", 4], ["Stoenești", 5], ["Vaideeni", 3], ["Malaia", 2], ["Pietrari", 3], ["Dănicei", 2], ["Sălătrucel", 2], ["Tomșani", 4], ["Lădești", 3]],
  },
  VN: {
    seat: ["Focșani", 72],
    towns: [["Adjud", 14], ["Mărășești", 9], ["Panciu", 7], ["Odobești", 7]],
    communes: [["Golești", 4], ["Cârligele", 3], ["Vidra", 6], ["Vulturu", 7], ["Suraia", 4], ["Gugești", 6], ["Tănăsoaia", 4], ["Vârteșcoiu", 3], ["Nereju", 4], ["Soveja", 2], ["Garoafa", 4], ["Bolotești", 5], ["Pufești", 4], ["Homocea", 4]],
  },
};
