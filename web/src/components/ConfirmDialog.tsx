// A modal confirmation (native <dialog>: focus stays inside, Escape cancels). `children` can
// hold an extra control, such as typing the email to delete an account; `canConfirm` gates it.
// `mutation` is what the dialog confirms: it is busy while that runs and shows its error.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../graphql/client.ts";

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  canConfirm = true,
  error,
  mutation,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  canConfirm?: boolean;
  error?: ReactNode;
  mutation?: { running: boolean; error: unknown };
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("components");
  const ref = useRef<HTMLDialogElement>(null);
  const uid = useId();
  const working = busy || (mutation?.running ?? false);
  const problem = error ?? (mutation?.error ? errorMessage(mutation.error) : null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // Named from the title when it is in Latin letters; a title in another script gets a unique id.
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const titleId = slug ? `dialog-${slug}` : `dialog${uid.replace(/[^a-zA-Z0-9]/g, "")}`;
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {open ? (
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            if (canConfirm && !working) onConfirm();
          }}
        >
          <h2 id={titleId}>{title}</h2>
          {children}
          {problem ? (
            <div role="alert" className="state state-error">
              {problem}
            </div>
          ) : null}
          <div className="dialog-actions">
            <button type="button" onClick={onCancel}>
              {cancelLabel ?? t("dialog.cancel")}
            </button>
            <button type="submit" className={danger ? "danger" : "primary"} disabled={!canConfirm || working}>
              {working ? t("dialog.working") : confirmLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
