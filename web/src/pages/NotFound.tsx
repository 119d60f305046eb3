import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Page } from "../components/Page.tsx";

export default function NotFound() {
  const { t } = useTranslation("shell");
  return (
    <Page title={t("notFound.title")}>
      <p>{t("notFound.body")}</p>
      <p>
        <Link to="/">{t("notFound.home")}</Link>
      </p>
    </Page>
  );
}
