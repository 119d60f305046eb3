// A dismissible message at the top of the page (role=status, read out once).
export function Notice({ children, onDismiss }: { children: string; onDismiss?: () => void }) {
  return (
    <div className="notice" role="status">
      <p>{children}</p>
      {onDismiss ? (
        <button type="button" className="link" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
