// A modal confirmation (native <dialog>: focus stays inside, Escape cancels). `children` can
// hold an extra control, such as typing the email to delete an account; `canConfirm` gates it.
import { useEffect, useRef, type ReactNode } from "react";

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  danger = false,
  busy = false,
  canConfirm = true,
  error,
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
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const titleId = `dialog-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
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
            if (canConfirm && !busy) onConfirm();
          }}
        >
          <h2 id={titleId}>{title}</h2>
          {children}
          {error ? (
            <div role="alert" className="state state-error">
              {error}
            </div>
          ) : null}
          <div className="dialog-actions">
            <button type="button" onClick={onCancel}>
              {cancelLabel}
            </button>
            <button type="submit" className={danger ? "danger" : "primary"} disabled={!canConfirm || busy}>
              {busy ? "Working…" : confirmLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
