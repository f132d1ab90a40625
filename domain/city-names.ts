/**
 * Cities of the countries we serve that hosts and guests name differently in our languages (the
 * local name first). A property stores its city as the host typed it, usually the local name
 * ("Lisboa"); a search for "Lisbon" finds it through these names.
 */
export const CITY_NAMES: readonly (readonly string[])[] = [
  ["Lisboa", "Lisbon", "Lissabon", "Lisbonne", "Lisbona", "Lisabon"],
  ["Porto", "Oporto"],
  ["Roma", "Rome", "Rom", "Rim"],
  ["Milano", "Milan", "Mailand", "Milán", "Milaan", "Milão"],
  ["Napoli", "Naples", "Neapel", "Nápoles", "Napels", "Napulj"],
  ["Firenze", "Florence", "Florenz", "Florencia", "Florença", "Firenca"],
  ["Venezia", "Venice", "Venedig", "Venecia", "Venise", "Veneza", "Venetië", "Venecija"],
  ["Torino", "Turin", "Turijn", "Torin"],
  ["Genova", "Genoa", "Genua", "Génova", "Gênes"],
  ["Siracusa", "Syracuse", "Syrakus"],
  ["München", "Munich", "Múnich", "Monaco di Baviera", "Munique"],
  ["Köln", "Cologne", "Colonia", "Keulen", "Colónia", "Kelen"],
  ["Nürnberg", "Nuremberg", "Núremberg", "Norimberga", "Neurenberg"],
  ["Wien", "Vienna", "Viena", "Vienne", "Wenen", "Beč"],
  ["Salzburg", "Salisburgo", "Salzburgo"],
  ["Zürich", "Zurich", "Zurigo", "Zúrich", "Zurique"],
  ["Genève", "Geneva", "Genf", "Ginevra", "Ginebra", "Genebra", "Ženeva"],
  ["Bern", "Berne", "Berna"],
  ["Basel", "Bâle", "Basilea", "Basileia", "Bazel"],
  ["Luzern", "Lucerne", "Lucerna"],
  ["Bruxelles", "Brussel", "Brussels", "Brüssel", "Bruselas", "Bruxelas", "Bruselj"],
  ["Antwerpen", "Antwerp", "Anvers", "Amberes", "Anversa", "Antuérpia"],
  ["Brugge", "Bruges", "Brujas", "Brügge"],
  ["Den Haag", "The Hague", "La Haye", "La Haya", "L'Aia", "Haia", "Haag"],
  ["København", "Copenhagen", "Kopenhagen", "Copenhague", "Copenaghen", "Copenhaga"],
  ["Praha", "Prague", "Prag", "Praga"],
  ["Sevilla", "Seville", "Séville", "Siviglia", "Sevilha"],
  ["Málaga", "Malaga"],
  ["Zaragoza", "Saragossa", "Saragosse", "Saragozza"],
  ["A Coruña", "La Coruña", "Corunna"],
  ["Athína", "Athens", "Athen", "Atenas", "Athènes", "Atene", "Athene", "Atena"],
  ["Thessaloníki", "Thessaloniki", "Saloniki", "Tesalónica", "Salonicco", "Salonique", "Solun"],
  ["London", "Londres", "Londra", "Londen"],
  ["Edinburgh", "Édimbourg", "Edimburgo", "Edinburg"],
  ["Paris", "Parigi", "París", "Pariz", "Parijs"],
  ["Nice", "Nizza", "Niza"],
  ["Marseille", "Marseilles", "Marsella", "Marsiglia", "Marselha"],
  ["Lyon", "Lione", "Lyons"],
  ["Ljubljana", "Laibach", "Lubiana", "Liubliana"],
  ["Zagreb", "Agram", "Zagabria"],
  ["Split", "Spalato"],
  ["Rijeka", "Fiume"],
  ["New York", "Nueva York", "Nova Iorque"],
];

/** Lower case, without accents: "Zürich" and "zurich" compare equal. */
export function foldName(name: string): string {
  return name.normalize("NFD").replace(/\p{Mn}/gu, "").toLowerCase();
}

/** A search this short names too many cities to be one. */
const MIN_SEARCH = 3;

/**
 * Every name of the known cities one of whose names contains the search (accents and case aside),
 * so that a search in one language finds the city stored in another. Empty when none does.
 */
export function cityNamesMatching(search: string, limit = 40): string[] {
  const folded = foldName(search.trim());
  if (folded.length < MIN_SEARCH) return [];
  const names = CITY_NAMES.filter((group) => group.some((name) => foldName(name).includes(folded))).flat();
  return [...new Set(names)].slice(0, limit);
}
