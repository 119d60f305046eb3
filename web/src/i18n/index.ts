// The web app's translations: i18next with react-i18next and ICU MessageFormat (i18next-icu).
// Catalogues are JSON files, one per language and namespace: web/src/locales/<lng>/<ns>.json.
// English, the source and fallback, is bundled; another language's files are separate chunks,
// fetched only when that language is the app's (main.tsx waits for them before the first render,
// and the service worker keeps them like any other built file for offline use).
//
// The language: the account's choice (kept on this device too, so the first paint already speaks
// it), else the browser's languages (languages.ts), else English. `<html lang dir>` follow it.
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import ICU from "i18next-icu";
import { initReactI18next } from "react-i18next";
import {
  LANGUAGES,
  SOURCE_LANGUAGE,
  detectLanguage,
  directionOf,
  intlLocale,
  isLanguage,
  type Language,
} from "./languages.ts";

export { LANGUAGES, LANGUAGE_NAMES, directionOf, intlLocale, isLanguage, type Language } from "./languages.ts";

type Catalogue = Record<string, ResourceKey>;
const english = import.meta.glob<Catalogue>("../locales/en/*.json", { eager: true, import: "default" });
// Another language's catalogues: one module per language (./catalogues/<tag>.ts), so its every
// namespace arrives in one chunk, one request before the first render rather than one a namespace.
const others = import.meta.glob<Record<string, Catalogue>>("./catalogues/*.ts", { import: "default" });

const fileOf = (lng: string, ns: string) => `../locales/${lng}/${ns}.json`;

/** Every namespace there is (from English, the source): all of the active language's are loaded at once. */
export const NAMESPACES: string[] = Object.keys(english)
  .map((path) => /\/([^/]+)\.json$/.exec(path)![1])
  .sort();

const backend: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, callback) {
    const bundled = english[fileOf(lng, ns)];
    if (bundled) return callback(null, bundled);
    const load = others[`./catalogues/${lng}.ts`];
    // A language or namespace not (yet) translated: English answers (the fallback).
    if (!load) return callback(null, {});
    load().then(
      (files) => callback(null, files[`../${fileOf(lng, ns)}`] ?? {}),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

const STORAGE_KEY = "trainingLog.language";

/** The account's language as last seen on this device (null: follow the browser). */
function storedChoice(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The language the app speaks when the account says `choice` (null: follow the browser). */
export function languageFor(choice: string | null | undefined): Language {
  return isLanguage(choice) ? choice : detectLanguage(browserLanguages());
}

export const i18n = i18next.createInstance();

function syncDocument(lng: string) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}

i18n.on("languageChanged", syncDocument);

/** Starts i18next in the device's language; resolves once that language's catalogues are here. */
export function startI18n(): Promise<unknown> {
  return i18n
    .use(ICU)
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: languageFor(storedChoice()),
      fallbackLng: SOURCE_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      // pt-BR stays pt-BR (no separate `pt` catalogue is looked for).
      load: "currentOnly",
      ns: NAMESPACES,
      defaultNS: "common",
      fallbackNS: false,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      // ICU's `#` and {n, number} write digits as format.ts does (Western ones in Arabic).
      i18nFormat: { parseLngForICU: intlLocale },
      // Every namespace is loaded before the first render and before a language switch completes.
      react: { useSuspense: false },
    });
}

/**
 * Applies the account's language (null: follow the browser) and keeps the choice on this device for
 * the next start. Resolves once the language's catalogues are loaded and the app speaks it.
 */
export async function applyAccountLanguage(choice: string | null | undefined): Promise<void> {
  const language = isLanguage(choice) ? choice : null;
  try {
    if (language) localStorage.setItem(STORAGE_KEY, language);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // private mode: the choice still applies to this tab
  }
  const lng = languageFor(language);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

/** The app's current language (for Intl formatters outside React). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : SOURCE_LANGUAGE;
}
