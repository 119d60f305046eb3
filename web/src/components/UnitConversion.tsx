// A routine or workout document is shown in the unit it is written in; when that is not the
// user's unit, a toggle asks the server for the document converted (its `unit` argument) and
// shows that instead, saying which unit the weights are in either way.
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TadaDocumentNode } from "gql.tada";
import { useQuery, type QueryState } from "../graphql/hooks.ts";
import { ErrorMessage, Loading } from "./States.tsx";
import { unitEnum, unitOf, useUserUnits, type UnitName } from "./units.ts";

export type UnitConversion<Result> = {
  /** The unit the document is written in. */
  written: UnitName;
  /** The user's unit. */
  unit: UnitName;
  converted: boolean;
  setConverted: (converted: boolean) => void;
  /** The converted document, asked for only once the user wants it. */
  query: QueryState<Result>;
};

export function useUnitConversion<Result, Variables extends { unit?: "KG" | "LB" | null }>(
  document: TadaDocumentNode<Result, Variables>,
  variables: Omit<Variables, "unit">,
  writtenIn: string | null | undefined,
): UnitConversion<Result> {
  const { unit } = useUserUnits();
  const [converted, setConverted] = useState(false);
  const query = useQuery(document, { ...variables, unit: unitEnum(unit) } as Variables, { skip: !converted });
  return { written: unitOf(writtenIn), unit, converted, setConverted, query };
}

/** The unit the weights below are in, and the button between as written and converted. */
export function UnitConversionToggle({
  conversion,
  intro,
}: {
  conversion: UnitConversion<unknown>;
  /** Said first, in the same sentence group as the unit. */
  intro?: ReactNode;
}) {
  const { t } = useTranslation("components");
  const { written, unit, converted, setConverted, query } = conversion;
  return (
    <>
      <p className="muted">
        {intro}
        {written === unit
          ? t("units.weightsIn", { unit: written })
          : converted
            ? t("units.shownConverted", { unit, written })
            : t("units.writtenIn", { unit, written })}
      </p>
      {written !== unit ? (
        <p>
          <button type="button" aria-pressed={converted} onClick={() => setConverted(!converted)}>
            {converted ? t("units.showAsWritten", { written }) : t("units.showIn", { unit })}
          </button>
        </p>
      ) : null}
      {converted && query.error ? <ErrorMessage error={query.error} onRetry={() => void query.reload()} /> : null}
      {converted && !query.data ? <Loading /> : null}
    </>
  );
}
