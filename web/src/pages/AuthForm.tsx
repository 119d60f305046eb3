// The sign-in and sign-up forms: visible labels, the server's message at the field it names,
// and a message (never a cleared form) when the request fails.
import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { TextField } from "../components/Field.tsx";
import { ErrorMessage } from "../components/States.tsx";
import { AuthError, describeAuthError, describeFieldProblem } from "../auth/api.ts";
import { inputRuleText } from "../i18n/serverMessages.ts";
import { useSession } from "../auth/session.tsx";
import { unitForLocale, type UnitName } from "../components/units.ts";
import { rich } from "../components/richText.tsx";

type Mode = "sign-in" | "sign-up";
type FieldName = "name" | "email" | "password" | "setupCode";

/** The field of this form a refusal's rule is about (its extensions.field), if any. */
function ruleField(error: AuthError): FieldName | null {
  const { field } = error.extensions;
  return field === "name" || field === "email" || field === "password" ? field : null;
}

/** A refusal by its rule, at its field: in the app's language (errors.json inputs), in English the server's words. */
function ruleMessage(error: AuthError): string {
  const text = inputRuleText("INVALID_INPUT", error.extensions) ?? error.message.replace(/^\w+:?\s+/, "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function AuthForm({ mode }: { mode: Mode }) {
  const { t } = useTranslation("auth");
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState({ name: "", email: "", password: "", setupCode: "" });
  // Asked only when the server refuses the first account (its admin) without the code it printed.
  const [askSetupCode, setAskSetupCode] = useState(false);
  const [unit, setUnit] = useState<UnitName>(() => unitForLocale(navigator.language));
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: FieldName; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: FieldName) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFieldError(null);
    setFormError(null);
    try {
      if (mode === "sign-up") {
        const { setupCode, ...account } = values;
        await session.signUp({ ...account, unit, ...(askSetupCode ? { setupCode } : {}) });
      } else await session.signIn({ email: values.email, password: values.password });
      const next = new URLSearchParams(location.search).get("next");
      const target = next?.startsWith("/") && !next.startsWith("//") ? next : "/";
      // An app's OAuth consent page is the server's, not a route of this app: load it.
      if (target.startsWith("/api/")) window.location.assign(target);
      else navigate(target, { replace: true });
    } catch (error) {
      // The auth routes name the field first in a 400's message ("password must be at least ...").
      const field =
        error instanceof AuthError && error.code === "BAD_REQUEST" ? (error.message.split(" ")[0] as FieldName) : null;
      if (error instanceof AuthError && error.code === "SETUP_CODE_REQUIRED") {
        setFieldError({
          field: "setupCode",
          message: t(askSetupCode ? "problems.setupCodeWrong" : "problems.setupCodeMissing"),
        });
        setAskSetupCode(true);
      } else if (error instanceof AuthError && ruleField(error) && mode === "sign-up") {
        // The SQL's rule (a blank name, a control or hidden character), in the app's language.
        setFieldError({ field: ruleField(error)!, message: ruleMessage(error) });
      } else if (field && ["name", "email", "password"].includes(field) && (mode === "sign-up" || field !== "name")) {
        setFieldError({ field, message: describeFieldProblem((error as AuthError).message, t(`fields.${field}`)) });
      } else {
        setFormError(describeAuthError(error));
      }
    } finally {
      setBusy(false);
    }
  }

  const errorFor = (field: FieldName) => (fieldError?.field === field ? fieldError.message : null);
  return (
    <form onSubmit={submit} noValidate className="stack">
      {mode === "sign-up" ? (
        <TextField
          label={t("fields.name")}
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={set("name")}
          error={errorFor("name")}
          required
        />
      ) : null}
      <TextField
        label={t("fields.email")}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set("email")}
        error={errorFor("email")}
        required
      />
      <TextField
        label={t("fields.password")}
        name="password"
        type="password"
        autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
        value={values.password}
        onChange={set("password")}
        error={errorFor("password")}
        required
      />
      {mode === "sign-up" ? <UnitChoice unit={unit} onChange={setUnit} /> : null}
      {mode === "sign-up" && askSetupCode ? (
        <TextField
          label={t("fields.setupCode")}
          name="setupCode"
          autoComplete="off"
          value={values.setupCode}
          onChange={set("setupCode")}
          error={errorFor("setupCode")}
          required
        />
      ) : null}
      {formError ? <ErrorMessage error={new Error(formError)} /> : null}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {mode === "sign-up" ? t("signUp.submit") : t("signIn.submit")}
        </button>
        {mode === "sign-up" ? (
          <p className="muted">
            {rich(t, "signUp.haveAccount", {
              link: <Link to={`/sign-in${location.search}`}>{t("signUp.signIn")}</Link>,
            })}
          </p>
        ) : (
          <p className="muted">
            {rich(t, "signIn.newHere", {
              link: <Link to={`/sign-up${location.search}`}>{t("signIn.createAccount")}</Link>,
            })}
          </p>
        )}
      </div>
    </form>
  );
}

/** The unit the account weighs in, chosen at sign-up (Settings changes it later). */
function UnitChoice({ unit, onChange }: { unit: UnitName; onChange: (unit: UnitName) => void }) {
  const { t } = useTranslation("auth");
  return (
    <fieldset className="field unit-choice">
      <legend>{t("unit.legend")}</legend>
      {(["kg", "lb"] as const).map((u) => (
        <label key={u} className="inline-check">
          <input type="radio" name="unit" value={u} checked={unit === u} onChange={() => onChange(u)} />
          {u === "kg" ? t("unit.kg") : t("unit.lb")}
        </label>
      ))}
      <p className="field-hint">{t("unit.hint")}</p>
    </fieldset>
  );
}
