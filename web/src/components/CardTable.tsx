// Every list the app shows as a table: on a narrow screen each row becomes a card (styles.css,
// table.cards) whose cells name their column through data-label. The caption is for screen
// readers; a last, unnamed-on-screen "Actions" column holds a row's buttons.
import type { HTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";

export type Column<Row> = {
  /** The column's heading, and the name a cell shows beside its value on a phone. */
  label: string;
  /** A heading other than the label (for example with the unit in it). */
  heading?: ReactNode;
  cell: (row: Row) => ReactNode;
};

export function CardTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  actions,
  rowProps,
  busy,
}: {
  caption: ReactNode;
  /** `false` leaves a column out (one shown only when some row has a value for it). */
  columns: readonly (Column<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** A row's buttons, in a last column whose heading only screen readers hear ("Actions"). */
  actions?: (row: Row) => ReactNode;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement>;
  /** The rows are about to be replaced (a new page is loading). */
  busy?: boolean;
}) {
  const { t } = useTranslation("components");
  const shown = columns.filter((c): c is Column<Row> => c !== false);
  return (
    <table className="cards" aria-busy={busy}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {shown.map((c, i) => (
            <th scope="col" key={i}>
              {c.heading ?? c.label}
            </th>
          ))}
          {actions ? (
            <th scope="col">
              <span className="visually-hidden">{t("table.actions")}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)} {...rowProps?.(row)}>
            {shown.map((c, j) => (
              <td key={j} data-label={c.label}>
                {c.cell(row)}
              </td>
            ))}
            {actions ? <td data-label="">{actions(row)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
