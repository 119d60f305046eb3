// The `distance` namespace's strings (web/src/locales/<lng>/distance.json) through react-i18next.
// Until the app's i18next instance is set up (or if it is not), the English catalogue answers,
// with its `{name}` placeholders filled in, so the boxes never read as bare keys.
import { useTranslation } from "react-i18next";
import en from "../../locales/en/distance.json";

type Values = Record<string, string | number>;

function english(key: string, values: Values = {}): string {
  let at: unknown = en;
  for (const part of key.split(".")) at = (at as Record<string, unknown> | undefined)?.[part];
  const text = typeof at === "string" ? at : key;
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}

/** `t` for the `distance` namespace, and the language for number formatting. */
export function useDistanceT(): { t: (key: string, values?: Values) => string; language: string } {
  const { t, i18n, ready } = useTranslation("distance");
  if (!ready || !i18n?.isInitialized) return { t: english, language: "en" };
  return { t: (key, values) => t(key, values ?? {}), language: i18n.language || "en" };
}
