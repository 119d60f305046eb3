import { useTranslation } from "react-i18next";
import { Page } from "../components/Page.tsx";
import { AuthForm } from "./AuthForm.tsx";

export default function SignUp() {
  const { t } = useTranslation("auth");
  return (
    <Page title={t("signUp.title")} narrow>
      <p className="muted">{t("signUp.intro")}</p>
      <AuthForm mode="sign-up" />
    </Page>
  );
}
