// Every es catalogue in one module, so the language arrives as one chunk (src/i18n/index.ts).
export default import.meta.glob<Record<string, unknown>>("../../locales/es/*.json", { eager: true, import: "default" });
