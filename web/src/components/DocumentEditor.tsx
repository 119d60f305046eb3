// One routine or workout document, edited two ways: a form and the JSON text. The document is the
// one state; the form and the text are views of it (text that is not yet valid JSON is kept as
// typed and the form waits for it). The first problem, from @svc/sdk/documents before sending or
// from the server's INVALID_DOCUMENT after, is shown at the field its path names and under the
// JSON text, with the same path and reason.
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import {
  checkDocumentText,
  validateRoutineDocument,
  validateWorkoutDocument,
  type DocumentKind,
  type ValidateOptions,
} from "../documents.ts";
import { useBlocker, type Blocker } from "react-router";
import { useTranslation } from "react-i18next";
import { ApiError } from "../graphql/client.ts";
import { problemText } from "../i18n/serverMessages.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { ErrorMessage } from "./States.tsx";
import { TextAreaField } from "./Field.tsx";
import { isObject, pathString, setIn, type Doc, type Json, type PathKey } from "./documentValues.ts";
import { locate } from "./jsonLocate.ts";
import { VersionConflict } from "./VersionConflict.tsx";
import { versionConflict } from "./versionMerge.ts";
import { rich } from "./richText.tsx";

export type Problem = { path: string; reason: string };

/** What a form view gets: the document, a way to change one value, and the problem at a path. */
export type FormContext = {
  doc: Doc;
  set: (path: readonly PathKey[], value: Json | undefined) => void;
  replace: (doc: Doc) => void;
  /** The reason when the shown problem is exactly at `path`. */
  errorAt: (path: readonly PathKey[]) => string | null;
  /** The shown problem when it is at or under `path` (for a row's own message). */
  problemUnder: (path: readonly PathKey[]) => Problem | null;
  /** Opens the JSON view (for what the form does not edit). */
  showJson: () => void;
};

type View = "form" | "json";

function validate(kind: DocumentKind, doc: unknown, options: ValidateOptions) {
  return kind === "routine" ? validateRoutineDocument(doc, options) : validateWorkoutDocument(doc, options);
}

/** The problem an INVALID_DOCUMENT error names, else null. */
export function serverProblem(error: unknown): Problem | null {
  if (!(error instanceof ApiError) || error.code !== "INVALID_DOCUMENT") return null;
  const { path, reason } = error.extensions;
  return typeof path === "string" && typeof reason === "string" ? { path, reason: problemText(reason) } : null;
}

export type DocumentEditorProps = {
  kind: DocumentKind;
  initial: Doc;
  options: ValidateOptions;
  saveLabel: string;
  /** Saves the canonical document; throws ApiError / NetworkError. */
  onSave: (document: unknown) => Promise<void>;
  renderForm: (form: FormContext) => ReactNode;
  extraActions?: ReactNode;
};

export function DocumentEditor(props: DocumentEditorProps) {
  const { kind, initial, options, saveLabel, onSave, renderForm, extraActions } = props;
  const { t } = useTranslation("components");
  const [doc, setDoc] = useState<Json>(initial);
  const [view, setView] = useState<View>("form");
  // The JSON text as typed, while the JSON view is open; null when it shows the document as is.
  const [text, setText] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [fromServer, setFromServer] = useState<Problem | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [switchMessage, setSwitchMessage] = useState<string | null>(null);
  // Changed since it opened: leaving then asks first (in the app, and when closing the tab).
  const [dirty, setDirty] = useState(false);
  const savingRef = useRef(false);
  const blocker = useLeaveGuard(dirty, savingRef);

  const shownText = text ?? JSON.stringify(doc, null, 2);
  const local = useMemo(() => {
    const result = text !== null ? checkDocumentText(kind, text, options) : validate(kind, doc, options);
    return result.valid ? null : { path: result.path, reason: problemText(result.reason) };
  }, [kind, doc, text, options]);
  const problem = fromServer ?? (showProblems ? local : null);
  // Saved elsewhere since it opened (the save's error says so): both sides until the lifter chooses.
  const conflict = versionConflict(saveError, doc);

  // Any edit makes a server's verdict on the previous document stale.
  function edited() {
    setDirty(true);
    setFromServer(null);
    setSaveError(null);
    setSwitchMessage(null);
  }

  const form: FormContext | null = isObject(doc)
    ? {
        doc,
        set: (path, value) => {
          edited();
          setDoc((d) => setIn(d, path, value));
        },
        replace: (next) => {
          edited();
          setDoc(next);
        },
        ...problemLookups(problem),
        showJson: () => showView("json"),
      }
    : null;

  function showView(next: View) {
    if (next === view) return;
    if (next === "form" && text !== null) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        setShowProblems(true);
        setSwitchMessage(t("editor.doesNotParse"));
        return;
      }
      setDoc(parsed as Json);
      setText(null);
    }
    if (next === "json") setText(JSON.stringify(doc, null, 2));
    setSwitchMessage(null);
    setView(next);
  }

  const { formRef, textAreaRef, requestFocus, selectInText } = useProblemFocus(view, problem);

  // Saved elsewhere since it opened: the merge the lifter chose replaces the document, to be saved.
  function resolveConflict(merged: Doc) {
    edited();
    setDoc(merged);
    if (text !== null) setText(JSON.stringify(merged, null, 2));
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setShowProblems(true);
    setFromServer(null);
    setSaveError(null);
    const result = text !== null ? checkDocumentText(kind, text, options) : validate(kind, doc, options);
    if (!result.valid) {
      requestFocus();
      return;
    }
    setSaving(true);
    savingRef.current = true;
    try {
      // A successful save navigates to what was saved: that is not leaving unsaved changes.
      await onSave(result.document);
    } catch (error) {
      const named = serverProblem(error);
      if (named) {
        setFromServer(named);
        requestFocus();
      } else setSaveError(error);
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  return (
    <>
      <form
        ref={formRef}
        className="stack document-editor"
        onSubmit={save}
        noValidate
        aria-label={t("editor.label", { kind })}
      >
        <EditorStatus
          kind={kind}
          view={view}
          onView={showView}
          switchMessage={switchMessage}
          problem={problem}
          canSelect={
            view === "json" && problem !== null && problem.path !== "document" && !!locate(shownText, problem.path)
          }
          onSelect={selectInText}
        />

        {view === "form" ? (
          form ? (
            renderForm(form)
          ) : (
            <p className="state state-error">{t("editor.notObject")}</p>
          )
        ) : (
          <div ref={textAreaRef}>
            <JsonText
              kind={kind}
              text={shownText}
              problem={problem}
              onChange={(typed) => {
                edited();
                setShowProblems(true);
                setText(typed);
                try {
                  setDoc(JSON.parse(typed) as Json);
                } catch {
                  // Kept as typed; the problem says where it does not parse.
                }
              }}
            />
          </div>
        )}

        <VersionConflict kind={kind} conflict={conflict} onResolve={resolveConflict} />
        <ErrorMessage error={conflict ? null : saveError} />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={saving}>
            {saving ? t("editor.saving") : saveLabel}
          </button>
          {extraActions}
        </div>
      </form>
      {/* Outside the editor's form: a dialog's own form must not nest in it. */}
      <LeaveDialog blocker={blocker} kind={kind} />
    </>
  );
}

/** Leaving with unsaved changes asks first: in the app (the router's blocker) and when closing the tab. */
function useLeaveGuard(dirty: boolean, savingRef: RefObject<boolean>): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !savingRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return blocker;
}

function LeaveDialog({ blocker, kind }: { blocker: Blocker; kind: DocumentKind }) {
  const { t } = useTranslation("components");
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title={t("leave.title")}
      confirmLabel={t("leave.confirm")}
      cancelLabel={t("leave.cancel")}
      danger
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      <p>{t("leave.body", { kind })}</p>
    </ConfirmDialog>
  );
}

/** Where the shown problem is, as a form view asks: exactly at a path, or at or under it. */
function problemLookups(problem: Problem | null): Pick<FormContext, "errorAt" | "problemUnder"> {
  return {
    errorAt: (path) => (problem && problem.path === pathString(path) ? problem.reason : null),
    problemUnder: (path) => {
      const prefix = pathString(path);
      return problem &&
        (problem.path === prefix || problem.path.startsWith(`${prefix}.`) || problem.path.startsWith(`${prefix}[`))
        ? problem
        : null;
    },
  };
}

/** The document as JSON text, with the problem under it. */
function JsonText(props: {
  kind: DocumentKind;
  text: string;
  problem: Problem | null;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation("components");
  const { kind, text, problem } = props;
  return (
    <TextAreaField
      label={t("editor.jsonLabel", { kind })}
      name="document"
      className="json-editor"
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      rows={Math.min(30, Math.max(10, text.split("\n").length + 1))}
      value={text}
      hint={t("editor.jsonHint")}
      error={problem ? `${problem.path}: ${problem.reason}` : null}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** The view switch, and what stops a save: a problem (with a way to select it in the JSON text). */
function EditorStatus(props: {
  kind: DocumentKind;
  view: View;
  onView: (view: View) => void;
  switchMessage: string | null;
  problem: Problem | null;
  /** Whether the JSON text holds the value the problem names. */
  canSelect: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation("components");
  const { kind, view, onView, switchMessage, problem, canSelect, onSelect } = props;
  return (
    <>
      <div className="view-switch" role="group" aria-label={t("editor.editWith")}>
        <button type="button" aria-pressed={view === "form"} onClick={() => onView("form")}>
          {t("editor.form")}
        </button>
        <button type="button" aria-pressed={view === "json"} onClick={() => onView("json")}>
          {t("editor.json")}
        </button>
      </div>
      {switchMessage ? (
        <p role="alert" className="state state-error">
          {switchMessage}
        </p>
      ) : null}
      {problem ? (
        <div role="alert" className="state state-error problem-summary">
          <p>{rich(t, "editor.cannotSave", { path: <code>{problem.path}</code> }, { kind, reason: problem.reason })}</p>
        </div>
      ) : null}

      {canSelect && problem ? (
        <p>
          <button type="button" className="link" onClick={onSelect}>
            {rich(t, "editor.select", { path: <code>{problem.path}</code> })}
          </button>
        </p>
      ) : null}
    </>
  );
}

/**
 * After a save that found a problem, focus goes to the field (or the JSON text) it names:
 * `requestFocus()` asks for it; `selectInText()` selects the value the problem names in the text.
 */
function useProblemFocus(view: View, problem: Problem | null) {
  const textAreaRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest === 0 || !problem) return;
    if (view === "json") selectInText();
    else formRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(problem.path)}"]`)?.focus();
    // Only a new request moves focus, not every change of the problem while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  // Focuses the JSON text and selects the value the problem names (when the text has it).
  function selectInText() {
    const area = textAreaRef.current?.querySelector("textarea");
    if (!area || !problem) return;
    area.focus();
    const span = locate(area.value, problem.path);
    if (span) area.setSelectionRange(span.start, span.end);
  }

  return { formRef, textAreaRef, requestFocus: () => setFocusRequest((n) => n + 1), selectInText };
}
