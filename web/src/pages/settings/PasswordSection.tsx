// Password: the current one, then the new one twice; every other device is signed out.
import { useState, type FormEvent } from "react";
import { graphql } from "../../graphql/graphql.ts";
import { useMutation } from "../../graphql/hooks.ts";
import { ApiError, fieldError } from "../../graphql/client.ts";
import { Section } from "../../components/Page.tsx";
import { TextField } from "../../components/Field.tsx";
import { ErrorMessage } from "../../components/States.tsx";

const ChangePassword = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(input: { currentPassword: $currentPassword, newPassword: $newPassword }) {
      signedOutSessions
    }
  }
`);

const EMPTY = { current: "", next: "", again: "" };
function changedText(signedOut: number): string {
  if (signedOut === 0) return "Password changed.";
  return `Password changed. Signed out ${signedOut} other ${signedOut === 1 ? "device" : "devices"}.`;
}

export function PasswordSection() {
  const [values, setValues] = useState(EMPTY);
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [change, changing] = useMutation(ChangePassword);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    setMismatch(values.next !== values.again);
    if (values.next !== values.again) return;
    try {
      const result = await change({ currentPassword: values.current, newPassword: values.next });
      setValues(EMPTY);
      setDone(changedText(result.changePassword?.signedOutSessions ?? 0));
    } catch {
      // Shown from changing.error at its field; the form keeps what was typed.
    }
  }

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setValues({ ...values, [field]: e.target.value });
    setDone(null);
  };
  const wrongCurrent = changing.error instanceof ApiError && changing.error.code === "WRONG_PASSWORD";
  const newError = fieldError(changing.error, "newPassword");
  return (
    <Section title="Password">
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label="Current password"
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={values.current}
          error={wrongCurrent ? "Wrong password; nothing was changed." : null}
          onChange={set("current")}
        />
        <TextField
          label="New password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          hint="Your other devices will be signed out; this one stays signed in."
          value={values.next}
          error={newError}
          onChange={set("next")}
        />
        <TextField
          label="New password again"
          name="new-password-again"
          type="password"
          autoComplete="new-password"
          value={values.again}
          error={mismatch ? "The new passwords do not match." : null}
          onChange={set("again")}
        />
        {changing.error && !wrongCurrent && !newError ? <ErrorMessage error={changing.error} /> : null}
        <div className="form-actions">
          <button
            type="submit"
            className="primary"
            disabled={changing.running || !values.current || !values.next || !values.again}
          >
            Change password
          </button>
          {done ? <p role="status">{done}</p> : null}
        </div>
      </form>
    </Section>
  );
}
