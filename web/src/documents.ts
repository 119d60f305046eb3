// Routine and workout documents in the browser: the SDK's own validation (@svc/sdk/documents),
// so the app shows the same first problem (path and reason) as the server, before sending.
// Import this module lazily from the pages that edit documents; it is not needed at first load.
import {
  validateRoutineDocument,
  validateWorkoutDocument,
  type ValidateOptions,
  type ValidationResult,
} from "@svc/sdk/documents";

export * from "@svc/sdk/documents";

export type DocumentKind = "routine" | "workout";

/**
 * Checks the text of a JSON document editor: invalid JSON is reported at the path `document`, else the
 * SDK's first problem (`path` as the server writes it) or the canonical document.
 */
export function checkDocumentText(
  kind: DocumentKind,
  text: string,
  options?: ValidateOptions,
): ValidationResult<unknown> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return { valid: false, path: "document", reason: `is not valid JSON: ${(error as Error).message}` };
  }
  return kind === "routine" ? validateRoutineDocument(doc, options) : validateWorkoutDocument(doc, options);
}
