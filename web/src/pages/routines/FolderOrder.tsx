// The lifter's order of routine folders: each folder moved up or down one place, kept on the account
// (User.routineFolderOrder), so the Routines list shows folders in that order on every device.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { graphql } from "../../graphql/graphql.ts";
import { useMutation } from "../../graphql/hooks.ts";
import { ErrorMessage } from "../../components/States.tsx";
import "./folderOrder.css";

const SaveFolderOrder = graphql(`
  mutation SaveFolderOrder($id: UUID!, $order: [String]) {
    updateUserById(input: { id: $id, userPatch: { routineFolderOrder: $order } }) {
      user {
        id
        routineFolderOrder
      }
    }
  }
`);

/** `folders` as the list shows them now; `onSaved` reloads the list. */
export function FolderOrder({
  viewerId,
  folders,
  onSaved,
}: {
  viewerId: string;
  folders: readonly string[];
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation("folders");
  const [save, saving] = useMutation(SaveFolderOrder);
  const [shown, setShown] = useState<readonly string[] | null>(null);
  const order = shown ?? folders;

  async function move(from: number, to: number) {
    const next = [...order];
    [next[from], next[to]] = [next[to], next[from]];
    setShown(next);
    try {
      await save({ id: viewerId, order: next });
      await onSaved();
    } catch {
      // Said below; the list keeps the order it had.
    }
    setShown(null);
  }

  return (
    <section className="folder-order" aria-labelledby="folder-order-title">
      <h2 id="folder-order-title">{t("title")}</h2>
      <p className="hint">{t("hint")}</p>
      <ol>
        {order.map((folder, i) => (
          <li key={folder}>
            <span className="folder-name">{folder}</span>
            <button
              type="button"
              aria-label={t("moveUp", { folder })}
              disabled={i === 0 || saving.running}
              onClick={() => void move(i, i - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={t("moveDown", { folder })}
              disabled={i === order.length - 1 || saving.running}
              onClick={() => void move(i, i + 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      {saving.error ? <ErrorMessage error={saving.error} /> : null}
    </section>
  );
}
