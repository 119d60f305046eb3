// Account: name, unit, length unit and effort scale; deleting the account (type the email and the password to confirm).
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { graphql } from "../../graphql/graphql.ts";
import { useMutation } from "../../graphql/hooks.ts";
import { ApiError, fieldError } from "../../graphql/client.ts";
import { useSession } from "../../auth/session.tsx";
import { Section } from "../../components/Page.tsx";
import { SelectField, TextField } from "../../components/Field.tsx";
import { ErrorMessage } from "../../components/States.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { rich } from "../../components/richText.tsx";
import { UNIT_OPTIONS } from "../../components/units.ts";

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
  const { t } = useTranslation("settingsSections");
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
      setNotice(t("account.deleted"));
      await signOut({ to: "/sign-up" }).catch(() => {});
    } catch {
      // Shown in the dialog.
    }
  }

  const nameError = blankName ? t("account.blankName") : fieldError(updating.error, "name");
  // Said at the password field; any other refusal (LAST_ADMIN, TOO_MANY_ATTEMPTS) in the dialog's alert.
  const wrongPassword = removing.error instanceof ApiError && removing.error.code === "WRONG_PASSWORD";
  return (
    <Section title={t("account.title")}>
      <form className="stack" onSubmit={save} noValidate>
        <TextField
          label={t("account.name")}
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
          label={t("account.email")}
          name="email"
          value={viewer.email}
          readOnly
          hint={t("account.emailHint")}
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
            {t("account.save")}
          </button>
          {saved ? <p role="status">{t("saved")}</p> : null}
        </div>
      </form>
      <hr />
      <h3>{t("account.deleteHeading")}</h3>
      <p className="muted">{t("account.deleteWhat")}</p>
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
        {t("account.deleteButton")}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t("account.deleteTitle")}
        confirmLabel={t("account.deleteConfirm")}
        danger
        mutation={removing}
        canConfirm={typedEmail.trim().toLowerCase() === viewer.email.toLowerCase() && password !== ""}
        error={wrongPassword ? false : undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={deleteAccount}
      >
        <p>{rich(t, "account.deleteBody", { email: <strong>{viewer.email}</strong> })}</p>
        <TextField
          label={t("account.yourEmail")}
          name="confirm-email"
          autoComplete="off"
          value={typedEmail}
          onChange={(e) => setTypedEmail(e.target.value)}
        />
        <TextField
          label={t("account.yourPassword")}
          name="confirm-password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={wrongPassword ? t("account.wrongPassword") : null}
          onChange={(e) => setPassword(e.target.value)}
        />
      </ConfirmDialog>
    </Section>
  );
}

type Units = { unit: string; lengthUnit: string; effort: string };

/** The unit, length unit and effort scale selects of the account form. */
function UnitSelects({ values, onChange }: { values: Units; onChange: (change: Partial<Units>) => void }) {
  const { t } = useTranslation("settingsSections");
  /** The length unit of body measurements; empty follows the weight unit. */
  const lengthUnits = [
    { value: "", label: t("account.lengthFromUnit") },
    { value: "cm", label: t("account.centimetres") },
    { value: "in", label: t("account.inches") },
  ];
  const efforts = [
    { value: "rpe", label: t("account.rpe") },
    { value: "rir", label: t("account.rir") },
  ];
  return (
    <div className="row">
      <SelectField
        label={t("account.unit")}
        name="unit"
        options={UNIT_OPTIONS}
        value={values.unit}
        onChange={(e) => onChange({ unit: e.target.value })}
      />
      <SelectField
        label={t("account.lengthUnit")}
        name="length-unit"
        options={lengthUnits}
        value={values.lengthUnit}
        onChange={(e) => onChange({ lengthUnit: e.target.value })}
      />
      <SelectField
        label={t("account.effort")}
        name="effort"
        options={efforts}
        value={values.effort}
        onChange={(e) => onChange({ effort: e.target.value })}
      />
    </div>
  );
}
