// Measurements: log body fat and the tape measures for a date (a second entry that day replaces
// it), a chart per measurement logged (the chart of Bodyweight) and the list, newest first, in the
// lifter's length unit (Settings; from the weight unit until chosen).
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { graphql } from "../../graphql/graphql.ts";
import { operations } from "@svc/sdk";
import { lengthUnitName, type LengthUnit } from "@svc/sdk/weights";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { fieldError } from "../../graphql/client.ts";
import { Page, Section } from "../../components/Page.tsx";
import { SelectField, TextField } from "../../components/Field.tsx";
import { Empty, ErrorMessage, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { LazyTimeChart as TimeChart } from "../../components/LazyTimeChart.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { today } from "../../components/documentValues.ts";
import { MEASUREMENT_FIELDS, fieldUnit, valueIn, valueText, type MeasurementField } from "./measurementFields.ts";
import type { Measurement } from "@svc/sdk";
import { parseAmount, formatDay } from "../../format.ts";
import "./measurements.css";

const DeleteMeasurement = graphql(`
  mutation DeleteMeasurementEntry($id: UUID!) {
    deleteMeasurementById(input: { id: $id }) {
      measurement {
        id
      }
    }
  }
`);

const SHOWN = 100;
const LENGTH_UNITS = [
  { value: "cm", label: "cm" },
  { value: "in", label: "in" },
];

type Typed = Record<MeasurementField, string>;
const EMPTY = Object.fromEntries(MEASUREMENT_FIELDS.map((m) => [m.field, ""])) as Typed;

export default function Measurements() {
  const { t } = useTranslation("measurements");
  const list = useQuery(operations.MEASUREMENTS, { first: SHOWN });
  const unit: LengthUnit = lengthUnitName(list.data?.viewer?.measurementUnit) ?? "cm";
  const [date, setDate] = useState(today());
  const [chosenUnit, setChosenUnit] = useState("");
  const [typed, setTyped] = useState<Typed>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<MeasurementField | "date" | "form", string>>>({});
  const [log, logging] = useMutation(operations.LOG_MEASUREMENTS);
  const [remove, removing] = useMutation(DeleteMeasurement);
  const [deleting, setDeleting] = useState<{ id: string; date: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const logUnit = lengthUnitName(chosenUnit) ?? unit;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const found: typeof problems = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.date = t("problems.date");
    const values: Partial<Record<MeasurementField, number>> = {};
    for (const m of MEASUREMENT_FIELDS) {
      const text = typed[m.field];
      if (text.trim() === "") continue;
      const value = parseAmount(text);
      if (value !== null) values[m.field] = value;
      else found[m.field] = t("problems.number", { field: m.label(t) });
    }
    if (Object.keys(values).length === 0 && Object.keys(found).length === 0) found.form = t("problems.none");
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await log({ input: { date, unit: logUnit, ...values } });
      await list.reload();
      const n = Object.keys(values).length;
      setMessage(t("logged", { count: n, date }));
      setTyped(EMPTY);
    } catch {
      // Shown at the field or below the form; what was typed stays.
    }
  }

  const errorOf = (field: MeasurementField | "date") => problems[field] ?? fieldError(logging.error, field);
  const shownAtField = [...MEASUREMENT_FIELDS.map((m) => m.field), "date" as const].some((f) => errorOf(f));

  return (
    <Page title={t("title")}>
      <Section title={t("log.title")} description={t("log.description")}>
        <form className="stack" onSubmit={submit} noValidate>
          <div className="row">
            <TextField
              label={t("log.date")}
              name="date"
              type="date"
              value={date}
              error={errorOf("date")}
              max={today()}
              onChange={(e) => setDate(e.target.value)}
            />
            <SelectField
              label={t("log.unit")}
              name="unit"
              options={LENGTH_UNITS}
              value={logUnit}
              onChange={(e) => setChosenUnit(e.target.value)}
            />
          </div>
          <div className="measurement-fields">
            {MEASUREMENT_FIELDS.map((m) => (
              <TextField
                key={m.field}
                label={t("log.field", { field: m.label(t), unit: fieldUnit(m.field, logUnit) })}
                name={m.field}
                inputMode="decimal"
                autoComplete="off"
                value={typed[m.field]}
                error={errorOf(m.field)}
                onChange={(e) => setTyped({ ...typed, [m.field]: e.target.value })}
              />
            ))}
          </div>
          {problems.form ? <p className="field-error">{problems.form}</p> : null}
          {logging.error && !shownAtField ? <ErrorMessage error={logging.error} /> : null}
          <div className="form-actions">
            <button type="submit" className="primary" disabled={logging.running}>
              {t("log.submit")}
            </button>
            {message ? <p role="status">{message}</p> : null}
          </div>
        </form>
      </Section>
      <Section title={t("history.title")}>
        <QueryView query={list}>
          {(data) => {
            const rows = (data.viewer?.measurementsByUserId.nodes ?? []).filter((m) => m !== null);
            if (rows.length === 0)
              return (
                <Empty>
                  <p>{t("history.none")}</p>
                </Empty>
              );
            return (
              <MeasurementHistory
                rows={rows}
                unit={unit}
                onDelete={(m) => {
                  removing.reset();
                  setDeleting({ id: m.id, date: m.date });
                }}
              />
            );
          }}
        </QueryView>
      </Section>
      <ConfirmDialog
        open={deleting !== null}
        title={t("delete.title")}
        confirmLabel={t("delete.confirm")}
        danger
        mutation={removing}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove({ id: deleting.id });
            await list.reload();
            setMessage(t("delete.done", { date: formatDay(deleting.date) }));
            setDeleting(null);
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        <p>{t("delete.body", { date: deleting ? formatDay(deleting.date) : "" })}</p>
      </ConfirmDialog>
    </Page>
  );
}

/** A chart per measurement logged at least once (oldest first), then the entries, newest first. */
function MeasurementHistory(props: { rows: Measurement[]; unit: LengthUnit; onDelete: (m: Measurement) => void }) {
  const { t, i18n } = useTranslation("measurements");
  const { rows, unit } = props;
  const used = MEASUREMENT_FIELDS.filter((m) => rows.some((r) => r[m.field] !== null));
  const oldestFirst = [...rows].reverse();
  return (
    <>
      <div className="measurement-charts">
        {used.map((m) => {
          const points = oldestFirst.filter((r) => r[m.field] !== null);
          return (
            <div key={m.field}>
              <h3>{m.label(t)}</h3>
              <TimeChart
                label={m.label(t)}
                unit={fieldUnit(m.field, unit)}
                fromZero={false}
                height={160}
                days={points.map((r) => r.date)}
                series={[{ label: m.label(t), values: points.map((r) => valueIn(r, m.field, unit)) }]}
              />
            </div>
          );
        })}
      </div>
      <CardTable
        caption={t("history.caption")}
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { label: t("history.date"), cell: (r) => formatDay(r.date) },
          ...used.map((m) => ({
            label: m.label(t),
            heading: t("log.field", { field: m.label(t), unit: fieldUnit(m.field, unit) }),
            cell: (r: Measurement) => valueText(valueIn(r, m.field, unit), fieldUnit(m.field, unit), i18n.language),
          })),
        ]}
        actions={(r) => (
          <button type="button" onClick={() => props.onDelete(r)}>
            {t("history.delete")}
            <span className="visually-hidden"> {t("history.deleteWhich", { date: formatDay(r.date) })}</span>
          </button>
        )}
      />
    </>
  );
}
