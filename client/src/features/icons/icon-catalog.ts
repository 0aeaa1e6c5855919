/**
 * What the picker knows about the icons beyond their drawings: categories, search words in English and
 * German, and names in German. Lucide's package ships names only (its tags and categories live in its
 * repository, not in lucide-react), so all of this is derived from the names' words through the curated
 * tables below. Loaded with the picker, never with the editor.
 */

export type IconLanguage = 'en' | 'de';

/** One icon as the picker lists and searches it. */
export interface CatalogIcon {
  name: string;
  /** Lower-case, accent-free search text: name, words, English and German keywords, category names. */
  terms: string;
}

/**
 * Name words → German words (the first one is used in German names) and extra English keywords after `|`.
 * Covers the words of the common icons; a name with a word not listed keeps its English name in German.
 */
const WORDS: Readonly<Record<string, string>> = {
  // arrows and directions
  arrow: 'Pfeil',
  arrows: 'Pfeile',
  chevron: 'Winkel,Pfeil',
  chevrons: 'Winkel,Pfeile',
  up: 'oben,hoch',
  down: 'unten,runter',
  left: 'links',
  right: 'rechts',
  big: 'groß',
  corner: 'Ecke',
  move: 'verschieben,bewegen',
  rotate: 'drehen',
  refresh: 'aktualisieren,neu laden',
  redo: 'wiederholen',
  undo: 'rückgängig',
  repeat: 'wiederholen,Schleife',
  shuffle: 'zufällig,mischen',
  forward: 'weiter,vorwärts',
  reply: 'antworten',
  expand: 'erweitern,aufklappen',
  shrink: 'verkleinern',
  maximize: 'maximieren,Vollbild',
  minimize: 'minimieren',
  trending: 'Trend',
  navigation: 'Navigation',
  // text and editing
  text: 'Text',
  type: 'Schrift',
  bold: 'fett',
  italic: 'kursiv',
  underline: 'unterstrichen',
  strikethrough: 'durchgestrichen',
  heading: 'Überschrift',
  quote: 'Zitat',
  list: 'Liste',
  align: 'ausrichten',
  indent: 'einrücken',
  pilcrow: 'Absatz',
  highlighter: 'Textmarker',
  languages: 'Sprachen,übersetzen',
  signature: 'Unterschrift',
  letter: 'Buchstabe',
  spell: 'Rechtschreibung',
  // files
  file: 'Datei,Dokument|document',
  files: 'Dateien,Dokumente|documents',
  folder: 'Ordner|directory',
  folders: 'Ordner',
  archive: 'Archiv',
  clipboard: 'Zwischenablage',
  copy: 'kopieren',
  paperclip: 'Büroklammer,Anhang|attachment',
  save: 'speichern',
  book: 'Buch|read',
  notebook: 'Notizbuch',
  note: 'Notiz',
  sticky: 'Haftnotiz',
  scroll: 'Schriftrolle',
  receipt: 'Quittung,Beleg,Rechnung|invoice',
  download: 'herunterladen',
  upload: 'hochladen',
  trash: 'Papierkorb,Mülleimer,löschen|delete,bin,garbage,remove',
  // communication
  message: 'Nachricht,Chat|chat,comment',
  messages: 'Nachrichten,Chat|chat,comments',
  mail: 'E-Mail,Post,Brief|email,envelope,letter',
  mails: 'E-Mails,Post|email',
  phone: 'Telefon,anrufen|call,telephone',
  send: 'senden,schicken',
  inbox: 'Posteingang',
  megaphone: 'Megafon,Ankündigung|announcement',
  bell: 'Glocke,Benachrichtigung|notification,alert',
  rss: 'Feed',
  share: 'teilen',
  at: 'at,E-Mail',
  contact: 'Kontakt',
  voicemail: 'Mailbox',
  // media
  play: 'abspielen,Wiedergabe|start',
  pause: 'Pause',
  music: 'Musik|song,audio',
  video: 'Video|movie',
  camera: 'Kamera,Foto|photo',
  image: 'Bild,Foto|picture,photo',
  images: 'Bilder,Fotos|pictures,photos',
  film: 'Film|movie',
  mic: 'Mikrofon|microphone,record',
  volume: 'Lautstärke,Ton|sound,speaker',
  headphones: 'Kopfhörer|audio',
  speaker: 'Lautsprecher',
  disc: 'Scheibe,CD',
  tv: 'Fernseher|television',
  radio: 'Radio',
  podcast: 'Podcast',
  // charts and data
  chart: 'Diagramm,Grafik|graph,statistics',
  database: 'Datenbank',
  table: 'Tabelle',
  sheet: 'Tabelle',
  calculator: 'Taschenrechner,Rechner',
  percent: 'Prozent',
  gauge: 'Anzeige,Tacho',
  activity: 'Aktivität,Puls',
  // weather and nature
  sun: 'Sonne,hell|weather,day',
  moon: 'Mond,Nacht|night,dark',
  cloud: 'Wolke|weather',
  cloudy: 'bewölkt',
  rain: 'Regen',
  snowflake: 'Schneeflocke,Schnee|winter,cold',
  wind: 'Wind',
  thermometer: 'Thermometer,Temperatur|temperature',
  umbrella: 'Regenschirm,Schirm',
  tree: 'Baum',
  trees: 'Bäume,Wald|forest',
  leaf: 'Blatt',
  flower: 'Blume,Blüte',
  sprout: 'Keim,Pflanze|plant',
  mountain: 'Berg',
  waves: 'Wellen,Meer|sea,water',
  droplet: 'Tropfen,Wasser|water',
  flame: 'Flamme,Feuer|fire,hot',
  rainbow: 'Regenbogen',
  zap: 'Blitz,Strom|lightning,electric,flash',
  sunrise: 'Sonnenaufgang',
  sunset: 'Sonnenuntergang',
  earth: 'Erde,Welt|world',
  // animals and food
  dog: 'Hund',
  cat: 'Katze',
  bird: 'Vogel',
  fish: 'Fisch',
  rabbit: 'Hase,Kaninchen',
  turtle: 'Schildkröte',
  snail: 'Schnecke',
  squirrel: 'Eichhörnchen',
  rat: 'Ratte',
  bug: 'Käfer,Fehler|insect,error',
  paw: 'Pfote,Tier|animal,pet',
  egg: 'Ei',
  apple: 'Apfel',
  cherry: 'Kirsche',
  grape: 'Traube',
  banana: 'Banane',
  carrot: 'Karotte,Möhre',
  pizza: 'Pizza',
  coffee: 'Kaffee|drink,cup',
  cup: 'Tasse,Becher',
  beer: 'Bier',
  wine: 'Wein',
  cake: 'Kuchen,Torte|birthday',
  cookie: 'Keks',
  sandwich: 'Sandwich,Brot',
  soup: 'Suppe',
  utensils: 'Besteck,Essen|food,restaurant',
  salad: 'Salat',
  milk: 'Milch',
  candy: 'Bonbon,Süßigkeit',
  citrus: 'Zitrone',
  hamburger: 'Hamburger',
  popcorn: 'Popcorn',
  // transport and places
  car: 'Auto,Wagen|vehicle',
  bus: 'Bus',
  train: 'Zug,Bahn',
  plane: 'Flugzeug,Flug|flight,airplane',
  ship: 'Schiff',
  sailboat: 'Segelboot',
  bike: 'Fahrrad|bicycle',
  bicycle: 'Fahrrad',
  truck: 'Lastwagen,LKW',
  tram: 'Straßenbahn',
  rocket: 'Rakete',
  fuel: 'Tankstelle,Kraftstoff',
  map: 'Karte,Landkarte',
  pin: 'Stecknadel,Ort|location,place',
  compass: 'Kompass',
  globe: 'Globus,Welt,Internet|world,web',
  house: 'Haus,Zuhause,Startseite|home',
  home: 'Haus,Startseite',
  building: 'Gebäude,Firma|office,company',
  hotel: 'Hotel',
  hospital: 'Krankenhaus',
  school: 'Schule',
  church: 'Kirche',
  factory: 'Fabrik',
  store: 'Laden,Geschäft|shop',
  castle: 'Burg,Schloss',
  tent: 'Zelt',
  landmark: 'Wahrzeichen,Bank',
  route: 'Route,Weg',
  signpost: 'Wegweiser',
  anchor: 'Anker',
  luggage: 'Gepäck,Koffer|suitcase',
  ticket: 'Ticket,Fahrkarte',
  // people
  user: 'Benutzer,Person,Nutzer|person,account,profile',
  users: 'Benutzer,Personen,Gruppe|people,group,team',
  baby: 'Baby',
  accessibility: 'Barrierefreiheit',
  smile: 'Lächeln,fröhlich|happy,emoji',
  frown: 'traurig|sad',
  laugh: 'Lachen',
  angry: 'wütend',
  hand: 'Hand',
  thumbs: 'Daumen',
  heart: 'Herz,Liebe|love,like,favorite',
  ear: 'Ohr',
  eye: 'Auge,sehen|view,visible',
  brain: 'Gehirn,Denken',
  footprints: 'Fußspuren',
  skull: 'Totenkopf',
  ghost: 'Gespenst,Geist',
  bot: 'Roboter|robot',
  face: 'Gesicht',
  // devices and technology
  monitor: 'Bildschirm,Monitor|screen,display',
  laptop: 'Laptop,Notebook|computer',
  smartphone: 'Handy,Smartphone|mobile',
  tablet: 'Tablet',
  keyboard: 'Tastatur',
  mouse: 'Maus',
  printer: 'Drucker|print',
  server: 'Server',
  cpu: 'Prozessor',
  usb: 'USB',
  wifi: 'WLAN|wireless,internet',
  bluetooth: 'Bluetooth',
  battery: 'Akku,Batterie',
  plug: 'Stecker,Strom',
  cable: 'Kabel',
  code: 'Code,Programmieren|programming,developer',
  terminal: 'Terminal,Konsole',
  git: 'Git,Versionskontrolle',
  watch: 'Armbanduhr',
  gamepad: 'Spiel,Controller|game',
  headset: 'Headset',
  qr: 'QR-Code',
  scan: 'scannen',
  // security
  lock: 'Schloss,gesperrt|secure,password,private',
  unlock: 'entsperrt',
  key: 'Schlüssel|password',
  shield: 'Schild,Schutz,Sicherheit|security,protection',
  fingerprint: 'Fingerabdruck',
  siren: 'Sirene,Alarm',
  // shopping and money
  shopping: 'Einkaufen',
  cart: 'Einkaufswagen,Warenkorb|basket',
  bag: 'Tasche,Tüte',
  basket: 'Korb',
  credit: 'Kredit',
  card: 'Karte',
  wallet: 'Geldbörse,Brieftasche',
  banknote: 'Geldschein,Geld|money,cash',
  coins: 'Münzen,Geld|money',
  euro: 'Euro,Geld|money,currency',
  dollar: 'Dollar,Geld|money,currency',
  bitcoin: 'Bitcoin',
  tag: 'Etikett,Preis|label,price',
  tags: 'Etiketten,Schlagwörter|labels',
  gift: 'Geschenk|present,birthday',
  piggy: 'Sparschwein',
  bank: 'Bank',
  // time
  clock: 'Uhr,Zeit|time',
  calendar: 'Kalender,Datum|date,event,schedule',
  alarm: 'Wecker,Alarm',
  timer: 'Timer,Stoppuhr',
  hourglass: 'Sanduhr',
  history: 'Verlauf',
  // shapes and math
  square: 'Quadrat,Viereck',
  circle: 'Kreis',
  triangle: 'Dreieck',
  hexagon: 'Sechseck',
  octagon: 'Achteck',
  pentagon: 'Fünfeck',
  diamond: 'Raute,Diamant',
  star: 'Stern,Favorit|favorite,rating',
  shapes: 'Formen',
  plus: 'plus,hinzufügen|add,new',
  minus: 'minus,entfernen|subtract,remove',
  x: 'Kreuz,schließen|close,cancel,remove,delete',
  check: 'Häkchen,erledigt,ok|done,tick,ok',
  divide: 'teilen',
  equal: 'gleich',
  sigma: 'Summe',
  infinity: 'unendlich',
  dot: 'Punkt',
  box: 'Kiste,Box',
  // tools and settings
  settings: 'Einstellungen|preferences,gear',
  cog: 'Zahnrad,Einstellungen|settings,gear',
  wrench: 'Schraubenschlüssel,Werkzeug|tool',
  hammer: 'Hammer,Werkzeug|tool',
  scissors: 'Schere,ausschneiden|cut',
  pen: 'Stift,bearbeiten|edit,write',
  pencil: 'Bleistift,bearbeiten|edit,write',
  brush: 'Pinsel',
  paintbrush: 'Pinsel,malen|paint',
  palette: 'Palette,Farben|colors,paint',
  ruler: 'Lineal',
  eraser: 'Radiergummi',
  filter: 'Filter',
  sliders: 'Regler',
  search: 'Suche,suchen,Lupe|find,magnifier',
  info: 'Info,Information',
  alert: 'Warnung,Hinweis|warning',
  lightbulb: 'Glühbirne,Idee|idea',
  flag: 'Flagge,Fahne',
  bookmark: 'Lesezeichen',
  link: 'Link,Verknüpfung',
  trophy: 'Pokal,Trophäe|award,winner',
  award: 'Auszeichnung,Preis',
  medal: 'Medaille',
  crown: 'Krone',
  sparkles: 'Funkeln,Glitzer|magic',
  party: 'Party,Feier',
  puzzle: 'Puzzle',
  graduation: 'Abschluss',
  briefcase: 'Aktentasche,Arbeit|work,job',
  stethoscope: 'Stethoskop,Arzt|doctor,health',
  pill: 'Tablette,Medizin|medicine',
  syringe: 'Spritze',
  dumbbell: 'Hantel,Sport|fitness',
  // modifiers
  off: 'aus',
  open: 'offen',
  closed: 'geschlossen',
  round: 'rund',
  dashed: 'gestrichelt',
  question: 'Frage,Hilfe|help',
  exclamation: 'Ausrufezeichen,Warnung|warning',
  small: 'klein',
  large: 'groß',
  half: 'halb',
  full: 'voll',
  empty: 'leer',
  new: 'neu',
  fill: 'gefüllt',
};

/** Categories in the picker's order: an icon is in each category one of its name's words is listed in. */
export const CATEGORY_WORDS = {
  arrows:
    'arrow arrows chevron chevrons corner move rotate refresh redo undo repeat shuffle forward reply expand shrink maximize minimize trending navigation',
  text: 'text type bold italic underline strikethrough heading quote list align indent pilcrow highlighter languages signature letter spell case baseline wrap subscript superscript',
  files:
    'file files folder folders archive clipboard copy paperclip save book notebook note sticky scroll receipt download upload trash',
  communication: 'message messages mail mails phone send inbox megaphone bell rss share at contact voicemail',
  media:
    'play pause music video camera image images film mic volume headphones speaker disc tv radio podcast clapperboard aperture',
  charts: 'chart database table sheet calculator percent gauge activity sigma kanban',
  nature:
    'sun moon cloud cloudy rain snowflake wind thermometer umbrella tree trees leaf flower sprout mountain waves droplet flame rainbow zap sunrise sunset earth',
  foodAnimals:
    'dog cat bird fish rabbit turtle snail squirrel rat bug paw egg apple cherry grape banana carrot pizza coffee cup beer wine cake cookie sandwich soup utensils salad milk candy citrus hamburger popcorn',
  travel:
    'car bus train plane ship sailboat bike bicycle truck tram rocket fuel map pin compass globe house home building hotel hospital school church factory store castle tent landmark route signpost anchor luggage ticket',
  people:
    'user users baby accessibility smile frown laugh angry hand thumbs heart ear eye brain footprints skull ghost bot face',
  devices:
    'monitor laptop smartphone tablet keyboard mouse printer server cpu usb wifi bluetooth battery plug cable code terminal git watch gamepad headset qr scan',
  security: 'lock unlock key shield fingerprint siren',
  shopping: 'shopping cart bag basket credit card wallet banknote coins euro dollar bitcoin tag tags gift piggy bank',
  time: 'clock calendar alarm timer hourglass history',
  shapes:
    'square circle triangle hexagon octagon pentagon diamond star shapes plus minus x check divide equal infinity dot box',
  tools: 'settings cog wrench hammer scissors pen pencil brush paintbrush palette ruler eraser filter sliders search',
} as const;

export type IconCategory = keyof typeof CATEGORY_WORDS;

/** The icon each category's tab shows. */
export const CATEGORY_ICONS: Readonly<Record<IconCategory | 'recent', string>> = {
  recent: 'rotate-ccw-clock',
  arrows: 'arrow-right',
  text: 'type',
  files: 'file',
  communication: 'message-square',
  media: 'image',
  charts: 'chart-column',
  nature: 'sun',
  foodAnimals: 'apple',
  travel: 'plane',
  people: 'user',
  devices: 'monitor',
  security: 'lock',
  shopping: 'shopping-cart',
  time: 'clock',
  shapes: 'shapes',
  tools: 'wrench',
};
export const iconCategoryIds = Object.keys(CATEGORY_WORDS) as IconCategory[];

/** Lower case without accents (`Schlüssel` matches `schlussel`), so typing without umlauts finds too. */
export const fold = (text: string): string =>
  text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');

interface WordEntry {
  de: string[];
  en: string[];
}

const wordEntries = new Map<string, WordEntry>(
  Object.entries(WORDS).map(([word, spec]) => {
    const [de = '', en = ''] = spec.split('|');
    return [word, { de: de.split(',').filter(Boolean), en: en.split(',').filter(Boolean) }];
  }),
);

/** The name of an icon in a language: German from its words when each is known, else Lucide's English. */
export function iconLabel(name: string, language: IconLanguage): string {
  const words = name.split('-');
  if (language === 'de') {
    const german = words.map((w) => (/^\d+$/.test(w) ? w : wordEntries.get(w)?.de[0]));
    if (german.every((w) => w !== undefined)) {
      const text = german.join(' ');
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
  }
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface IconCatalog {
  all: readonly CatalogIcon[];
  byCategory: Readonly<Record<IconCategory, readonly CatalogIcon[]>>;
}

/**
 * The catalog of the given names: each icon's search text holds its name, its words, their English and
 * German keywords and the names of its categories in both languages (`categoryNames`).
 */
export function buildIconCatalog(
  names: readonly string[],
  categoryNames: Readonly<Record<IconCategory, readonly string[]>>,
): IconCatalog {
  const categoryOf = new Map<string, IconCategory[]>();
  for (const id of iconCategoryIds) {
    for (const word of CATEGORY_WORDS[id].split(' ')) categoryOf.set(word, [...(categoryOf.get(word) ?? []), id]);
  }
  const byCategory = Object.fromEntries(iconCategoryIds.map((id) => [id, [] as CatalogIcon[]])) as Record<
    IconCategory,
    CatalogIcon[]
  >;
  const all = names.map((name): CatalogIcon => {
    const words = name.split('-');
    const categories = new Set(words.flatMap((w) => categoryOf.get(w) ?? []));
    const terms = [
      name,
      ...words,
      ...words.flatMap((w) => {
        const entry = wordEntries.get(w);
        return entry ? [...entry.de, ...entry.en] : [];
      }),
      ...[...categories].flatMap((id) => categoryNames[id]),
    ];
    const icon = { name, terms: fold(terms.join(' ')) };
    for (const id of categories) byCategory[id].push(icon);
    return icon;
  });
  return { all, byCategory };
}

/**
 * Icons whose search text contains every word of the query, best first: the exact name, then names
 * starting with the query, then names holding it, then keyword matches.
 */
export function searchIcons(catalog: IconCatalog, query: string, limit = 160): CatalogIcon[] {
  const words = fold(query)
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.length === 0) return [];
  const joined = words.join('-');
  const rank = (icon: CatalogIcon): number =>
    icon.name === joined ? 0 : icon.name.startsWith(joined) ? 1 : icon.name.includes(joined) ? 2 : 3;
  return catalog.all
    .filter((icon) => words.every((w) => icon.terms.includes(w)))
    .map((icon) => ({ icon, rank: rank(icon) }))
    .sort((a, b) => a.rank - b.rank || a.icon.name.length - b.icon.name.length)
    .slice(0, limit)
    .map((hit) => hit.icon);
}
