// Some browsers report a language tag Intl refuses (headless Chromium under a POSIX locale says
// `en-US@posix`). uPlot formats numbers with navigator.language when it loads and would throw, so
// before it loads, such a tag is replaced by its valid part (`en-US`). Import this before uplot.
function usable(tag: string): boolean {
  try {
    new Intl.NumberFormat(tag);
    return true;
  } catch {
    return false;
  }
}

if (typeof navigator !== "undefined" && !usable(navigator.language)) {
  const cleaned = navigator.language.split(/[@.]/)[0].replace(/_/g, "-");
  const language = usable(cleaned) ? cleaned : "en-US";
  Object.defineProperty(navigator, "language", { value: language, configurable: true });
}

export {};
