import { useTranslation } from "react-i18next";
import { Page } from "../components/Page.tsx";
import { AuthForm } from "./AuthForm.tsx";

export default function SignIn() {
  const { t } = useTranslation("auth");
  return (
    <Page title={t("signIn.title")} narrow>
      <AuthForm mode="sign-in" />
    </Page>
  );
}
