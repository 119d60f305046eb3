// A dismissible message at the top of the page (role=status, read out once).
import { useTranslation } from "react-i18next";

export function Notice({ children, onDismiss }: { children: string; onDismiss?: () => void }) {
  const { t } = useTranslation("components");
  return (
    <div className="notice" role="status">
      <p>{children}</p>
      {onDismiss ? (
        <button type="button" className="link" onClick={onDismiss}>
          {t("notice.dismiss")}
        </button>
      ) : null}
    </div>
  );
}
