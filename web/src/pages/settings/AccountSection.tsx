// Account: name, unit, length unit and effort scale; deleting the account (type the email and the password to confirm).
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

/** The length unit of body measurements; empty follows the weight unit. */
const LENGTH_UNIT_OPTIONS = [
  { value: "", label: "From the unit (kg: cm, lb: in)" },
  { value: "cm", label: "Centimetres (cm)" },
  { value: "in", label: "Inches (in)" },
];

const UpdateAccount = graphql(`
  mutation UpdateAccount($id: UUID!, $patch: UserPatch!) {
    updateUserById(input: { id: $id, userPatch: $patch }) {
      user {
        id
        name
        unit
        effort
        lengthUnit
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
    lengthUnit: viewer?.lengthUnit ?? "",
  });
  const [saved, setSaved] = useState(false);
  const [blankName, setBlankName] = useState(false);
  const [update, updating] = useMutation(UpdateAccount);
  const [remove, removing] = useMutation(DeleteAccount);
  const [confirming, setConfirming] = useState(false);
  const [typedEmail, setTypedEmail] = useState("");
  const [password, setPassword] = useState("");

  useEffect(() => {
    if (viewer)
      setValues((v) =>
        v.name === ""
          ? { name: viewer.name, unit: viewer.unit, effort: viewer.effort, lengthUnit: viewer.lengthUnit ?? "" }
          : v,
      );
  }, [viewer]);
  if (!viewer) return null;

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    setBlankName(values.name.trim() === "");
    if (values.name.trim() === "") return;
    try {
      const patch = {
        name: values.name.trim(),
        unit: values.unit,
        effort: values.effort,
        lengthUnit: values.lengthUnit || null,
      };
      await update({ id: viewer!.id, patch });
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
        <UnitSelects
          values={values}
          onChange={(change) => {
            setValues({ ...values, ...change });
            setSaved(false);
          }}
        />
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

type Units = { unit: string; lengthUnit: string; effort: string };

/** The unit, length unit and effort scale selects of the account form. */
function UnitSelects({ values, onChange }: { values: Units; onChange: (change: Partial<Units>) => void }) {
  return (
    <div className="row">
      <SelectField
        label="Unit"
        name="unit"
        options={UNIT_OPTIONS}
        value={values.unit}
        onChange={(e) => onChange({ unit: e.target.value })}
      />
      <SelectField
        label="Body measurements in"
        name="length-unit"
        options={LENGTH_UNIT_OPTIONS}
        value={values.lengthUnit}
        onChange={(e) => onChange({ lengthUnit: e.target.value })}
      />
      <SelectField
        label="Effort scale"
        name="effort"
        options={EFFORT_OPTIONS}
        value={values.effort}
        onChange={(e) => onChange({ effort: e.target.value })}
      />
    </div>
  );
}
