// Account: name, unit and effort scale; deleting the account (type the email and the password to confirm).
import { useEffect, useState, type FormEvent } from "react";
import { graphql } from "../../graphql/graphql.ts";
import { useMutation } from "../../graphql/hooks.ts";
import { ApiError, fieldError } from "../../graphql/client.ts";
import { useSession } from "../../auth/session.tsx";
import { Section } from "../../components/Page.tsx";
import { SelectField, TextField } from "../../components/Field.tsx";
import { ErrorMessage } from "../../components/States.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { EFFORT_OPTIONS, UNIT_OPTIONS } from "../../components/units.ts";

const UpdateAccount = graphql(`
  mutation UpdateAccount($id: UUID!, $patch: UserPatch!) {
    updateUserById(input: { id: $id, userPatch: $patch }) {
      user {
        id
        name
        unit
        effort
      }
    }
  }
`);

const DeleteAccount = graphql(`
  mutation DeleteAccount($password: String!) {
    deleteAccount(input: { password: $password }) {
      id
    }
  }
`);

export function AccountSection() {
  const { viewer, refresh, signOut, setNotice } = useSession();
  const [values, setValues] = useState({
    name: viewer?.name ?? "",
    unit: viewer?.unit ?? "kg",
    effort: viewer?.effort ?? "rpe",
  });
  const [saved, setSaved] = useState(false);
  const [blankName, setBlankName] = useState(false);
  const [update, updating] = useMutation(UpdateAccount);
  const [remove, removing] = useMutation(DeleteAccount);
  const [confirming, setConfirming] = useState(false);
  const [typedEmail, setTypedEmail] = useState("");
  const [password, setPassword] = useState("");

  useEffect(() => {
    if (viewer) setValues((v) => (v.name === "" ? { name: viewer.name, unit: viewer.unit, effort: viewer.effort } : v));
  }, [viewer]);
  if (!viewer) return null;

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    setBlankName(values.name.trim() === "");
    if (values.name.trim() === "") return;
    try {
      await update({ id: viewer!.id, patch: { name: values.name.trim(), unit: values.unit, effort: values.effort } });
      await refresh();
      setSaved(true);
    } catch {
      // Shown from updating.error; the form keeps what was typed.
    }
  }

  async function deleteAccount() {
    try {
      await remove({ password });
      setNotice("Your account and all its data were deleted.");
      await signOut({ to: "/sign-up" }).catch(() => {});
    } catch {
      // Shown in the dialog.
    }
  }

  const nameError = blankName ? "Name must not be blank" : fieldError(updating.error, "name");
  // Said at the password field; any other refusal (LAST_ADMIN, TOO_MANY_ATTEMPTS) in the dialog's alert.
  const wrongPassword = removing.error instanceof ApiError && removing.error.code === "WRONG_PASSWORD";
  return (
    <Section title="Account">
      <form className="stack" onSubmit={save} noValidate>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          error={nameError}
          onChange={(e) => {
            setValues({ ...values, name: e.target.value });
            setSaved(false);
          }}
        />
        <TextField
          label="Email"
          name="email"
          value={viewer.email}
          readOnly
          hint="Your sign-in email cannot be changed here."
        />
        <div className="row">
          <SelectField
            label="Unit"
            name="unit"
            options={UNIT_OPTIONS}
            value={values.unit}
            onChange={(e) => {
              setValues({ ...values, unit: e.target.value });
              setSaved(false);
            }}
          />
          <SelectField
            label="Effort scale"
            name="effort"
            options={EFFORT_OPTIONS}
            value={values.effort}
            onChange={(e) => {
              setValues({ ...values, effort: e.target.value });
              setSaved(false);
            }}
          />
        </div>
        {updating.error && !nameError ? <ErrorMessage error={updating.error} /> : null}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={updating.running}>
            Save account
          </button>
          {saved ? <p role="status">Saved.</p> : null}
        </div>
      </form>
      <hr />
      <h3>Delete account</h3>
      <p className="muted">Deletes your account, routines, workouts, API keys and sessions for good.</p>
      <button
        type="button"
        className="danger"
        onClick={() => {
          setTypedEmail("");
          setPassword("");
          removing.reset();
          setConfirming(true);
        }}
      >
        Delete account…
      </button>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        confirmLabel="Delete account for good"
        danger
        mutation={removing}
        canConfirm={typedEmail.trim().toLowerCase() === viewer.email.toLowerCase() && password !== ""}
        error={wrongPassword ? false : undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={deleteAccount}
      >
        <p>
          This cannot be undone. Type your email, <strong>{viewer.email}</strong>, and your password to confirm.
        </p>
        <TextField
          label="Your email"
          name="confirm-email"
          autoComplete="off"
          value={typedEmail}
          onChange={(e) => setTypedEmail(e.target.value)}
        />
        <TextField
          label="Your password"
          name="confirm-password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={wrongPassword ? "Wrong password; nothing was deleted." : null}
          onChange={(e) => setPassword(e.target.value)}
        />
      </ConfirmDialog>
    </Section>
  );
}
