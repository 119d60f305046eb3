// What the app says for the server's refusals and a document's problems, in the app's language,
// by what is stable in them: an error's `extensions.code` (db/errors.ts,
// docs/contract.md), with the values its extensions carry; a document problem's `reason`, one of
// the SDK's REASONS (@svc/sdk/documents), which the server and the SDK's validator give word for
// word. The catalogue (errors.json) keeps REASONS' keys under `problems`, English being that list
// itself (web/test/translations.test.ts holds the two equal), so a reason is looked up by its
// REASONS key, not by free text. The path (`exercises[0].sets[2]`) is kept as the server wrote it.
//
// In English the server's own message is shown: it is the English, and may name more (the field,
// the limit). A code or reason this app does not know yet shows the server's English.
import { i18n, currentLanguage } from "./index.ts";
import { SOURCE_LANGUAGE } from "./languages.ts";

type Catalogue = Record<string, unknown>;
const t = (key: string, values: Record<string, unknown> = {}) => i18n.t(key, { ns: "errors", ...values });
const has = (key: string) => i18n.exists(key, { ns: "errors" });

/** A reason's REASONS key, found through the English catalogue's `problems` (which is REASONS). */
function reasonKey(reason: string): string | null {
  const problems = (i18n.getResource(SOURCE_LANGUAGE, "errors", "problems") ?? {}) as Catalogue;
  return Object.keys(problems).find((key) => problems[key] === reason) ?? null;
}

/**
 * The server's reasons that name an exercise (app_hidden.unknown_exercise_reason): `unknown exercise
 * "<ref>"`, with `; closest: A, B` or as `ambiguous exercise "<ref>": could be A, B; write one of them`.
 */
const NAMED_EXERCISE = [
  { key: "named.unknown", pattern: /^unknown exercise "(?<ref>.*)"$/s },
  { key: "named.unknownClosest", pattern: /^unknown exercise "(?<ref>.*)"; closest: (?<names>.*)$/s },
  { key: "named.ambiguous", pattern: /^ambiguous exercise "(?<ref>.*)": could be (?<names>.*); write one of them$/s },
];

/** A document problem's reason in the app's language (the reason as given when it has no stable form). */
export function problemText(reason: string): string {
  const key = reasonKey(reason);
  if (key) return t(`problems.${key}`);
  for (const { key, pattern } of NAMED_EXERCISE) {
    const m = pattern.exec(reason);
    if (m?.groups) return t(key, { ref: m.groups.ref, names: m.groups.names ?? "" });
  }
  const json = /^is not valid JSON: (?<detail>.*)$/s.exec(reason);
  if (json?.groups) return t("named.json", { detail: json.groups.detail });
  return reason;
}

/** A LIMIT_REACHED's sentence by its `limit` (apiKeys, shareLinks, ...) and numbers; null for another code or a new limit. */
function limitText(code: string, extensions: Record<string, unknown>): string | null {
  const { limit, max, wouldMake } = extensions;
  if (code !== "LIMIT_REACHED" || typeof limit !== "string" || typeof max !== "number" || !has(`limits.${limit}`))
    return null;
  return t(`limits.${limit}`, { max, wouldMake: typeof wouldMake === "number" ? wouldMake : max });
}

/**
 * An INVALID_INPUT's reason by its rule (extensions.rule: bodyweight, blank, ...) and values (max,
 * unit, allowed, ...), without its field, in the app's language; null in English (the server's own
 * words are shown), for another code, or for a rule this app does not know yet.
 */
export function inputRuleText(code: string, extensions: Record<string, unknown>): string | null {
  const { rule } = extensions;
  if (code !== "INVALID_INPUT" || typeof rule !== "string" || currentLanguage() === SOURCE_LANGUAGE) return null;
  if (!has(`inputs.${rule}`)) return null;
  const values = Object.fromEntries(
    Object.entries(extensions).map(([key, value]) => [key, Array.isArray(value) ? value.join(", ") : value]),
  );
  return t(`inputs.${rule}`, values);
}

/** A refusal's message: English as the server wrote it, else by its code (its message when the code is new). */
export function codeMessage(code: string, message: string, extensions: Record<string, unknown> = {}): string {
  if (code === "INVALID_DOCUMENT" && typeof extensions.reason === "string") {
    // `<path>: <reason>` or, in an import, `line <n> (<field>): <reason>`: the reason translated, the rest kept.
    const { reason } = extensions;
    if (message.endsWith(reason)) return message.slice(0, message.length - reason.length) + problemText(reason);
  }
  if (currentLanguage() === SOURCE_LANGUAGE || !has(`codes.${code}`)) return message;
  const input = inputRuleText(code, extensions);
  const field = typeof extensions.field === "string" ? extensions.field : null;
  const detail = limitText(code, extensions) ?? (input && field ? `${field}: ${input}` : message);
  const list = (value: unknown) => (Array.isArray(value) ? value.join(", ") : "");
  return t(`codes.${code}`, {
    detail,
    retryAfter: typeof extensions.retryAfter === "number" ? extensions.retryAfter : 2,
    errorId: typeof extensions.errorId === "string" ? extensions.errorId : "",
    names: list(extensions.names),
    lifts: list(extensions.lifts),
  });
}

/** Could not reach the server (status null), or it answered `status` without a GraphQL response. */
export function networkMessage(status: number | null, message: string): string {
  if (currentLanguage() === SOURCE_LANGUAGE) return message;
  return status === null ? t("network") : t("noResponse", { status });
}
