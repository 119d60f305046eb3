// Form controls bound to one value of a document (see DocumentEditor): each shows the value at its
// path, writes back what was typed, carries `data-path` (so a problem can focus it) and shows the
// problem whose path is its own.
import type { ReactNode } from "react";
import { Field } from "./Field.tsx";
import type { FormContext } from "./DocumentEditor.tsx";
import { fromNumberText, fromText, pathString, toText, type Json, type PathKey } from "./documentValues.ts";

type Get = (path: readonly PathKey[]) => Json | undefined;

/** The value at `path` of the form's document. */
export function getIn(form: FormContext): Get {
  return (path) => {
    let value: Json | undefined = form.doc;
    for (const key of path) {
      if (value === null || value === undefined || typeof value !== "object") return undefined;
      value = (value as Record<string | number, Json>)[key];
    }
    return value;
  };
}

export function DocTextField({
  form,
  path,
  label,
  hint,
  numeric = false,
  inputMode,
  className,
  keepEmpty = false,
}: {
  form: FormContext;
  path: readonly PathKey[];
  label: string;
  hint?: ReactNode;
  /** Plain numbers become JSON numbers; anything else stays text for the validation to judge. */
  numeric?: boolean;
  inputMode?: "numeric" | "decimal" | "text";
  className?: string;
  /** Keep "" in the document instead of leaving the key out (a name the validation should name). */
  keepEmpty?: boolean;
}) {
  const value = getIn(form)(path);
  const field = (
    <Field label={label} hint={hint} error={form.errorAt(path)}>
      {(c) => (
        <input
          {...c}
          data-path={pathString(path)}
          value={toText(value)}
          inputMode={inputMode ?? (numeric ? "decimal" : undefined)}
          autoComplete="off"
          onChange={(e) =>
            form.set(
              path,
              numeric ? fromNumberText(e.target.value) : keepEmpty ? e.target.value : fromText(e.target.value),
            )
          }
        />
      )}
    </Field>
  );
  // Without a class the field itself is the flex or grid item (so `.row > .field` sizes it).
  return className ? <div className={className}>{field}</div> : field;
}

export function DocSelectField({
  form,
  path,
  label,
  options,
  hint,
  className,
}: {
  form: FormContext;
  path: readonly PathKey[];
  label: string;
  /** value "" leaves the key out of the document. */
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  className?: string;
}) {
  const value = toText(getIn(form)(path));
  // A value pasted in the JSON that the list does not know is still shown (and named by the validation).
  const all = options.some((o) => o.value === value) ? options : [...options, { value, label: value }];
  const field = (
    <Field label={label} hint={hint} error={form.errorAt(path)}>
      {(c) => (
        <select
          {...c}
          data-path={pathString(path)}
          value={value}
          onChange={(e) => form.set(path, e.target.value === "" ? undefined : e.target.value)}
        >
          {all.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return className ? <div className={className}>{field}</div> : field;
}

export function DocCheckbox({
  form,
  path,
  label,
  hint,
}: {
  form: FormContext;
  path: readonly PathKey[];
  label: string;
  hint?: ReactNode;
}) {
  const error = form.errorAt(path);
  const id = `check-${pathString(path).replace(/[^a-zA-Z0-9]+/g, "-")}`;
  return (
    <div className={error ? "field field-check field-invalid" : "field field-check"}>
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          data-path={pathString(path)}
          checked={getIn(form)(path) === true}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          // Only true is written: the canonical document leaves these flags out when false.
          onChange={(e) => form.set(path, e.target.checked ? true : undefined)}
        />{" "}
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
