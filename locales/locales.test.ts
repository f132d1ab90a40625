import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Completeness of the translation files, read straight from disk (resources.ts needs Vite's
 * import.meta.glob). en_US is the source of keys (§3).
 */
const ROOT = dirname(fileURLToPath(import.meta.url));
const SOURCE = "en_US";
const EXPECTED_LOCALES = ["de_CH", "de_DE", "en_GB", "en_US", "es_ES", "fr_FR", "hr_HR", "it_IT", "nl_NL", "pt_PT"];
const ENGLISH = new Set(["en_US", "en_GB"]);
const MAX_IDENTICAL_SHARE = 0.25;

type Flat = Map<string, unknown>;

/** "namespace:a.b.c" → value, for every leaf of every JSON file of one locale. */
function flatten(value: unknown, prefix: string, out: Flat): Flat {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function readLocale(locale: string): Flat {
  const dir = join(ROOT, locale);
  const out: Flat = new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    const namespace = file.replace(/\.json$/, "");
    const content: unknown = JSON.parse(readFileSync(join(dir, file), "utf8"));
    flatten(content, "", new Map()).forEach((value, key) => out.set(`${namespace}:${key}`, value));
  }
  return out;
}

const localeDirs = readdirSync(ROOT)
  .filter((name) => statSync(join(ROOT, name)).isDirectory())
  .sort();
const byLocale = new Map(localeDirs.map((locale) => [locale, readLocale(locale)]));
const source = byLocale.get(SOURCE) ?? new Map<string, unknown>();
const targets = localeDirs.filter((l) => l !== SOURCE);

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]!))].sort();
}

function report(title: string, lines: string[]): string {
  return `${title} (${lines.length}):\n  ${lines.join("\n  ")}`;
}

/** Throws a message that lists every offending entry, so that a failure names them all. */
function assertNone(title: string, offending: string[]): void {
  if (offending.length) throw new Error(report(title, offending));
}

function namespaces(locale: string): string[] {
  return readdirSync(join(ROOT, locale))
    .filter((f) => f.endsWith(".json"))
    .sort();
}

describe("locale files", () => {
  it("exist for exactly the ten product locales", () => {
    expect(localeDirs).toEqual(EXPECTED_LOCALES);
  });

  it("en_US has keys in at least one namespace", () => {
    expect(source.size).toBeGreaterThan(0);
  });

  it("have the same namespaces as en_US", () => {
    const wrong = targets.filter((l) => namespaces(l).join() !== namespaces(SOURCE).join()).map((l) => `${l}: ${namespaces(l).join(", ")}`);
    expect(() => assertNone("Locales whose namespace files differ from en_US", wrong)).not.toThrow();
  });

  it("hold only strings as leaf values", () => {
    const offending: string[] = [];
    for (const [locale, entries] of byLocale)
      for (const [key, value] of entries) if (typeof value !== "string") offending.push(`${locale} ${key} = ${JSON.stringify(value)}`);
    expect(() => assertNone("Non-string values", offending)).not.toThrow();
  });

  it.each(targets)("%s has every key of en_US", (locale) => {
    const entries = byLocale.get(locale)!;
    // i18next plural keys (_one/_other/...) are required under the same name: the other forms
    // a language adds (_few, _many) are extra, never a replacement.
    const missing = [...source.keys()].filter((key) => !entries.has(key));
    expect(() => assertNone(`Keys of en_US missing in ${locale}`, missing)).not.toThrow();
  });

  it.each(localeDirs)("%s has no empty values", (locale) => {
    const empty = [...byLocale.get(locale)!].filter(([, v]) => typeof v === "string" && v.trim() === "").map(([k]) => k);
    expect(() => assertNone(`Empty values in ${locale}`, empty)).not.toThrow();
  });

  it.each(targets)("%s keeps every {{placeholder}} of en_US", (locale) => {
    const entries = byLocale.get(locale)!;
    const offending: string[] = [];
    for (const [key, value] of source) {
      const translated = entries.get(key);
      if (typeof value !== "string" || typeof translated !== "string") continue;
      const lost = placeholders(value).filter((p) => !placeholders(translated).includes(p));
      if (lost.length) offending.push(`${key}: missing ${lost.map((p) => `{{${p}}}`).join(", ")} in ${JSON.stringify(translated)}`);
    }
    expect(() => assertNone(`Placeholders lost in ${locale}`, offending)).not.toThrow();
  });

  it.each(targets.filter((l) => !ENGLISH.has(l)))(`%s is translated (at most ${MAX_IDENTICAL_SHARE * 100}% identical to en_US)`, (locale) => {
    const entries = byLocale.get(locale)!;
    const compared: string[] = [];
    const identical: string[] = [];
    for (const [key, value] of source) {
      if (typeof value !== "string" || value.length < 4 || value.includes("@")) continue;
      compared.push(key);
      if (entries.get(key) === value) identical.push(`${key}: ${JSON.stringify(value)}`);
    }
    const share = compared.length ? identical.length / compared.length : 0;
    const title = `${locale}: ${(share * 100).toFixed(1)}% of ${compared.length} values are identical to en_US (limit ${MAX_IDENTICAL_SHARE * 100}%)`;
    expect(() => assertNone(title, share > MAX_IDENTICAL_SHARE ? identical : [])).not.toThrow();
    expect(share).toBeLessThanOrEqual(MAX_IDENTICAL_SHARE);
  });
});

/**
 * A percentage is written by the locale's number format (`formatPercent`, domain/percent.ts): "12%"
 * in English, "12 %" with a no-break space in German and French. A translation takes it formatted as a
 * value and never puts the sign after a number or a placeholder itself; a field's unit ("Discount (%)")
 * is no percentage.
 */
const HAND_WRITTEN_PERCENT = /(\p{N}|\}\})[\s\u00a0\u202f]?%/u;

describe("percentages", () => {
  it.each(localeDirs)("%s writes no percentage by hand", (locale) => {
    const offending = [...byLocale.get(locale)!].filter(([, v]) => typeof v === "string" && HAND_WRITTEN_PERCENT.test(v)).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
    expect(() => assertNone(`Percentages written by hand in ${locale}`, offending)).not.toThrow();
  });

  it("finds a sign after a number or a placeholder, and nothing else", () => {
    expect(HAND_WRITTEN_PERCENT.test("{{percent}} % Rabatt")).toBe(true);
    expect(HAND_WRITTEN_PERCENT.test("{{percent}}% off")).toBe(true);
    expect(HAND_WRITTEN_PERCENT.test("Hybrid 7\u00a0%")).toBe(true);
    expect(HAND_WRITTEN_PERCENT.test("Discount (%)")).toBe(false);
    expect(HAND_WRITTEN_PERCENT.test("Share in % ({{number}})")).toBe(false);
    expect(HAND_WRITTEN_PERCENT.test("{{percent}} off")).toBe(false);
  });
});

/**
 * German addresses everyone formally, hosts and guests alike: "Sie", "Ihr", "Ihnen", "Fügen Sie … hinzu".
 * A whole word of the informal forms, in any case, fails: the pronouns (du, dich, dir, dein…, euch,
 * euer…) and the verb forms only "du" takes (hast, bist, kannst…). Imperatives without a pronoun
 * ("Wähle") are left to review: no word list tells them from nouns.
 */
const GERMAN = ["de_CH", "de_DE"];
const INFORMAL_GERMAN =
  /(?<![\p{L}\p{N}_])(du|dich|dir|dein|deine|deinem|deinen|deiner|deines|euch|euer|eure|eurem|euren|eurer|eures|hast|bist|kannst|willst|musst|möchtest|sollst|darfst|wirst)(?![\p{L}\p{N}_])/iu;

function informalGerman(text: string): string | undefined {
  return INFORMAL_GERMAN.exec(text)?.[1];
}

describe("German", () => {
  it.each(GERMAN)("%s addresses the reader as Sie, never du", (locale) => {
    const offending: string[] = [];
    for (const [key, value] of byLocale.get(locale)!) {
      const word = typeof value === "string" ? informalGerman(value) : undefined;
      if (word) offending.push(`${key}: "${word}" in ${JSON.stringify(value)}`);
    }
    expect(() => assertNone(`Informal German in ${locale}`, offending)).not.toThrow();
  });

  it("de_CH writes ss, never ß (Swiss orthography)", () => {
    const offending = [...byLocale.get("de_CH")!].filter(([, v]) => typeof v === "string" && v.includes("ß")).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
    expect(() => assertNone("ß in de_CH", offending)).not.toThrow();
  });

  it("finds the informal forms as whole words in any case, and nothing else", () => {
    expect(informalGerman("Anfragen, die auf dich warten")).toBe("dich");
    expect(informalGerman("Deine Aufgaben")).toBe("Deine");
    expect(informalGerman("Du:")).toBe("Du");
    expect(informalGerman("Wann kannst du?")).toBe("kannst");
    expect(informalGerman("Was ihr wollt, für euch")).toBe("euch");
    expect(informalGerman("Ihre Aufgaben")).toBeUndefined();
    expect(informalGerman("Duschen, Dirndl, deinstallieren, Euro, dürfen, Südufer, Produkte")).toBeUndefined();
  });
});

/**
 * Informal address, hosts and guests alike, in Italian ("tu"), Spanish ("tú") and Dutch ("je"): the guest
 * chat is the host's inbox too, so one form serves both. A form is tested only where a whole word tells it
 * unambiguously; the rest is left to review:
 * - Italian: "Lei" and the capitalised Suo/Sua/Suoi/Sue, and the formal imperatives that open a sentence
 *   (Acceda, Scriva…). Lowercase "suo", "la sua", "Le" are also "his/her/its" and articles, and stay untested.
 * - Spanish: "usted/ustedes" and the formal imperatives that open a sentence (Envíe, Vuelva…). "su/sus", "le"
 *   and "tiene/puede" are just as often third person ("sus noches", "el anfitrión puede") and stay untested.
 * - Dutch: "u", "uw", "uzelf", except "u" after a number, the hour ("{{hours}} u {{minutes}} min").
 */
const FORMAL_ITALIAN =
  /(?<![\p{L}\p{N}_'’])(Lei|Suo|Sua|Suoi|Sue|Acceda|Scriva|Chieda|Apra|Inserisca|Riprovi|Scelga|Aggiunga|Attenda|Controlli entrambi)(?![\p{L}\p{N}_'’])/u;
const FORMAL_SPANISH =
  /(?<![\p{L}\p{N}_])([Uu]sted|[Uu]stedes|Envíe|Vuelva|Introduzca|Seleccione|Compruebe|Inténtelo|Elija|Escriba|Pulse|Revise|Añada|Indique|Suba)(?![\p{L}\p{N}_])/u;
const FORMAL_DUTCH = /(?<![\p{L}\p{N}_'’-])(?<!(?:\}\}|\p{N})\s)(u|uw|uzelf)(?![\p{L}\p{N}_'’-])/iu;
const INFORMAL_LOCALES: [string, RegExp][] = [
  ["it_IT", FORMAL_ITALIAN],
  ["es_ES", FORMAL_SPANISH],
  ["nl_NL", FORMAL_DUTCH],
];

function formal(pattern: RegExp, text: string): string | undefined {
  return pattern.exec(text)?.[1];
}

describe("informal address", () => {
  it.each(INFORMAL_LOCALES)("%s addresses hosts and guests informally, never formally", (locale, pattern) => {
    const offending: string[] = [];
    for (const [key, value] of byLocale.get(locale)!) {
      const word = typeof value === "string" ? formal(pattern, value) : undefined;
      if (word) offending.push(`${key}: "${word}" in ${JSON.stringify(value)}`);
    }
    expect(() => assertNone(`Formal address in ${locale}`, offending)).not.toThrow();
  });

  it("finds the Italian formal forms and not articles, third persons or nouns", () => {
    expect(formal(FORMAL_ITALIAN, "La sua prenotazione: Acceda con il codice")).toBe("Acceda");
    expect(formal(FORMAL_ITALIAN, "Lei")).toBe("Lei");
    expect(formal(FORMAL_ITALIAN, "Il Suo messaggio")).toBe("Suo");
    expect(formal(FORMAL_ITALIAN, "Calendario rimosso. Le sue notti sono libere. La tua prenotazione, i controlli, lei, Leila")).toBeUndefined();
  });

  it("finds the Spanish formal forms and not third persons", () => {
    expect(formal(FORMAL_SPANISH, "Vuelva a intentarlo más tarde.")).toBe("Vuelva");
    expect(formal(FORMAL_SPANISH, "para usted")).toBe("usted");
    expect(formal(FORMAL_SPANISH, "Sus noches están libres; se enviará en cuanto vuelva; el anfitrión le responde")).toBeUndefined();
  });

  it("finds the Dutch formal forms and not the hour", () => {
    expect(formal(FORMAL_DUTCH, "U hebt geen boostcredits meer.")).toBe("U");
    expect(formal(FORMAL_DUTCH, "Met een muis kunt u ook slepen")).toBe("u");
    expect(formal(FORMAL_DUTCH, "Geen van uw eenheden")).toBe("uw");
    expect(formal(FORMAL_DUTCH, "Nog {{hours}} u {{minutes}} min, 3 u later, je uur, U-bocht, menu")).toBeUndefined();
  });
});

/**
 * French elides before a vowel ("Demande d'Ivan", "qu'Anna") and not before a consonant, so a word
 * that elides never stands before a name or title filled in at run time: "Demande de réservation : {{name}}".
 * Numbers, dates and times may follow it ("le {{date}}", "de {{count}} nuits").
 */
const FRENCH_ELIDING_BEFORE_NAME = /(?<![\p{L}'’])(de|que|le|la|ce|ne|je|se|me|te|jusque|lorsque|puisque)\s+\{\{\s*(?!(count|nights|number|percent|discount|price|minStay|maxStay|from|to|date|time|page|pages|current|total|remaining|megabytes|step|position)\b)\w+/iu;

/**
 * French keeps its punctuation with the word before it and its guillemets around their words: a
 * no-break space after « and before : ; ? ! and », never a space a line may break at (a line that
 * begins with a colon, or « at the end of one line and « Toutes » on the next).
 */
const FRENCH_BREAKABLE_SPACE = /« | (?=[:;?!»])/;

describe("French", () => {
  it("keeps its punctuation and guillemets with their words by no-break spaces", () => {
    const offending = [...byLocale.get("fr_FR")!].filter(([, v]) => typeof v === "string" && FRENCH_BREAKABLE_SPACE.test(v)).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
    expect(() => assertNone("French spaces a line may break at before punctuation or inside guillemets", offending)).not.toThrow();
  });

  it("finds a breakable space inside guillemets and before punctuation, and not a no-break one", () => {
    expect(FRENCH_BREAKABLE_SPACE.test("Les retrouver dans « Toutes »")).toBe(true);
    expect(FRENCH_BREAKABLE_SPACE.test("Motif : {{reason}}")).toBe(true);
    expect(FRENCH_BREAKABLE_SPACE.test("Continuer ?")).toBe(true);
    expect(FRENCH_BREAKABLE_SPACE.test("Les retrouver dans «\u00a0Toutes\u00a0»")).toBe(false);
    expect(FRENCH_BREAKABLE_SPACE.test("Motif\u00a0: {{reason}}, à 13:00")).toBe(false);
  });

  it("puts no eliding word before a name's placeholder", () => {
    const offending = [...byLocale.get("fr_FR")!]
      .filter(([, v]) => typeof v === "string" && FRENCH_ELIDING_BEFORE_NAME.test(v))
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
    expect(() => assertNone("French elision that depends on a name", offending)).not.toThrow();
  });

  it("tells names from numbers and dates after an eliding word", () => {
    expect(FRENCH_ELIDING_BEFORE_NAME.test("Demande de {{name}}")).toBe(true);
    expect(FRENCH_ELIDING_BEFORE_NAME.test("en tant que {{staff}}")).toBe(true);
    expect(FRENCH_ELIDING_BEFORE_NAME.test("Unités de {{title}}")).toBe(true);
    expect(FRENCH_ELIDING_BEFORE_NAME.test("Demande de réservation : {{name}}")).toBe(false);
    expect(FRENCH_ELIDING_BEFORE_NAME.test("expire le {{date}}, séjours de {{minStay}} à {{maxStay}} nuits")).toBe(false);
  });
});

/**
 * The system's messages come from the brand the page is served under (Stayhost, Alpina Stays…): the pages
 * fill {{brand}} with the root loader's brand name, which no locale translates, declines or surrounds.
 */
describe("system sender", () => {
  it("is the brand's name as it is written, untranslated, in every locale and on both sides of a conversation", () => {
    const names = new Set(localeDirs.flatMap((locale) => ["chat:system", "messages:system"].map((key) => byLocale.get(locale)!.get(key))));
    expect([...names]).toEqual(["{{brand}}"]);
  });
});

describe("placeholders helper", () => {
  it("finds i18next placeholders, with or without formats", () => {
    expect(placeholders("{{count}} of {{ total }} on {{date, datetime}} — {{count}}")).toEqual(["count", "date", "total"]);
    expect(placeholders("no placeholders {here}")).toEqual([]);
  });
});
