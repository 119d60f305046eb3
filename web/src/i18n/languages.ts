// The languages the web app ships: this list is their one home (the check in
// web/test/translations.test.ts, the Settings choice and the detection read it). To add one, add it
// here and its catalogues under web/src/locales/<tag>/ (web/README.md, "Translations").
export const LANGUAGES = ["en", "de", "es", "fr", "pt-BR", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, as the Settings choice shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  "pt-BR": "Português (Brasil)",
  ar: "العربية",
};

/** Languages written right to left. */
const RTL: ReadonlySet<string> = new Set<Language>(["ar"]);

export const SOURCE_LANGUAGE: Language = "en";

/** Arabic digits stay the Western ones lifters read on plates and bars (`-u-nu-latn`). */
const LATIN_DIGITS: ReadonlySet<string> = new Set<Language>(["ar"]);

/**
 * The Intl locale for a tag of the app's language (the language itself, or the browser's regional
 * tag of it such as `ar-EG`): Western digits where LATIN_DIGITS says. Numbers in format.ts and the
 * `#` of ICU plurals in the catalogues both go through it, so they always agree.
 */
export function intlLocale(tag: string): string {
  if (!LATIN_DIGITS.has(tag.split("-")[0].toLowerCase())) return tag;
  try {
    return new Intl.Locale(tag, { numberingSystem: "latn" }).toString();
  } catch {
    return `${tag}-u-nu-latn`;
  }
}

export function isLanguage(tag: unknown): tag is Language {
  return typeof tag === "string" && (LANGUAGES as readonly string[]).includes(tag);
}

export function directionOf(language: string): "rtl" | "ltr" {
  return RTL.has(language) ? "rtl" : "ltr";
}

/**
 * The first of the browser's languages the app speaks: an exact tag (`pt-BR`), else its base
 * (`de-AT` -> de, `ar-EG` -> ar; any Portuguese -> pt-BR, the one we ship); English otherwise.
 */
export function detectLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split(/[-_@.]/)[0].toLowerCase();
    if (base === "pt") return "pt-BR";
    const byBase = LANGUAGES.find((l) => l.toLowerCase() === base);
    if (byBase) return byBase;
  }
  return SOURCE_LANGUAGE;
}
