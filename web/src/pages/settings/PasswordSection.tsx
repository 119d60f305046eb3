// Password: the current one, then the new one twice; every other device is signed out.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
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

export function PasswordSection() {
  const { t } = useTranslation("settingsSections");
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
      const count = result.changePassword?.signedOutSessions ?? 0;
      setDone(count === 0 ? t("password.changed") : t("password.changedSignedOut", { count }));
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
    <Section title={t("password.title")}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t("password.current")}
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={values.current}
          error={wrongCurrent ? t("password.wrong") : null}
          onChange={set("current")}
        />
        <TextField
          label={t("password.new")}
          name="new-password"
          type="password"
          autoComplete="new-password"
          hint={t("password.newHint")}
          value={values.next}
          error={newError}
          onChange={set("next")}
        />
        <TextField
          label={t("password.again")}
          name="new-password-again"
          type="password"
          autoComplete="new-password"
          value={values.again}
          error={mismatch ? t("password.mismatch") : null}
          onChange={set("again")}
        />
        {changing.error && !wrongCurrent && !newError ? <ErrorMessage error={changing.error} /> : null}
        <div className="form-actions">
          <button
            type="submit"
            className="primary"
            disabled={changing.running || !values.current || !values.next || !values.again}
          >
            {t("password.change")}
          </button>
          {done ? <p role="status">{done}</p> : null}
        </div>
      </form>
    </Section>
  );
}
