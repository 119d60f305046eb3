// Bodyweight: log a weight for a date (a second one that day replaces it), the chart (the same as
// Progress's) and the list, newest first, in the user's unit (with what was logged when that was
// the other unit).
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { graphql } from "../../graphql/graphql.ts";
import { operations } from "@svc/sdk";
import { BodyweightFields } from "@svc/sdk/fragments";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { fieldError } from "../../graphql/client.ts";
import { Page, Section } from "../../components/Page.tsx";
import { SelectField, TextField } from "../../components/Field.tsx";
import { Empty, ErrorMessage, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { BodyweightChart } from "../../components/BodyweightChart.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { today } from "../../components/documentValues.ts";
import { factWeight } from "@svc/sdk/weights";
import { UNIT_OPTIONS, formatWeight, unitEnum, unitOf, useUserUnits } from "../../components/units.ts";
import { MAX_BODYWEIGHT } from "../../documents.ts";
import { parseDecimal, formatDay } from "../../format.ts";

const Bodyweights = graphql(
  `
    query Bodyweights($first: Int!) {
      viewer {
        id
        bodyweightsByUserId(orderBy: [DATE_DESC], first: $first) {
          totalCount
          nodes {
            ...BodyweightFields
          }
        }
      }
    }
  `,
  [BodyweightFields],
);

const DeleteBodyweight = graphql(`
  mutation DeleteBodyweight($id: UUID!) {
    deleteBodyweightById(input: { id: $id }) {
      bodyweight {
        id
      }
    }
  }
`);

const SHOWN = 60;

export default function Bodyweight() {
  const { t } = useTranslation("bodyweight");
  const { unit } = useUserUnits();
  const list = useQuery(Bodyweights, { first: SHOWN });
  const [values, setValues] = useState({ date: today(), weight: "", unit: "" });
  const [problems, setProblems] = useState<{ date?: string; weight?: string }>({});
  const [log, logging] = useMutation(operations.LOG_BODYWEIGHT);
  const [remove, removing] = useMutation(DeleteBodyweight);
  const [deleting, setDeleting] = useState<{ id: string; date: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const chosenUnit = unitOf(values.unit || unit);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const weight = parseDecimal(values.weight);
    const found: typeof problems = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) found.date = t("problems.date");
    if (!Number.isFinite(weight)) found.weight = t("problems.weight");
    setProblems(found);
    if (found.date || found.weight) return;
    try {
      const saved = await log({ input: { date: values.date, weight, unit: unitEnum(chosenUnit) } });
      await list.reload();
      setMessage(
        t("logged", {
          weight: formatWeight(saved.logBodyweight?.weight, saved.logBodyweight?.unit ?? chosenUnit),
          date: values.date,
        }),
      );
      setValues({ ...values, weight: "" });
    } catch {
      // Shown at the field or below the form; what was typed stays.
    }
  }

  const weightError = problems.weight ?? fieldError(logging.error, "weight");
  const dateError = problems.date ?? fieldError(logging.error, "date");

  return (
    <Page title={t("title")}>
      <Section title={t("log.title")}>
        <form className="stack" onSubmit={submit} noValidate>
          <div className="row">
            <TextField
              label={t("log.date")}
              name="date"
              type="date"
              value={values.date}
              error={dateError}
              max={today()}
              onChange={(e) => setValues({ ...values, date: e.target.value })}
            />
            <TextField
              label={t("log.weight")}
              name="weight"
              inputMode="decimal"
              autoComplete="off"
              value={values.weight}
              error={weightError}
              hint={t("log.hint", { max: MAX_BODYWEIGHT })}
              onChange={(e) => setValues({ ...values, weight: e.target.value })}
            />
            <SelectField
              label={t("log.unit")}
              name="unit"
              options={UNIT_OPTIONS}
              value={chosenUnit}
              onChange={(e) => setValues({ ...values, unit: e.target.value })}
            />
          </div>
          {logging.error && !weightError && !dateError ? <ErrorMessage error={logging.error} /> : null}
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
            const rows = (data.viewer?.bodyweightsByUserId.nodes ?? []).filter((b) => b !== null);
            if (rows.length === 0)
              return (
                <Empty>
                  <p>{t("history.none")}</p>
                </Empty>
              );
            return (
              <>
                <BodyweightChart entries={rows} unit={unit} />
                <CardTable
                  caption={t("history.caption")}
                  rows={rows}
                  rowKey={(b) => b.id}
                  columns={[
                    { label: t("history.date"), cell: (b) => formatDay(b.date) },
                    {
                      label: t("history.weight"),
                      heading: t("history.weightIn", { unit }),
                      cell: (b) => formatWeight(factWeight(b.weight, unitOf(b.unit), unit), unit),
                    },
                    {
                      label: t("history.asLogged"),
                      cell: (b) => (b.unit === unit ? "—" : formatWeight(b.weight, b.unit)),
                    },
                  ]}
                  actions={(b) => (
                    <button
                      type="button"
                      onClick={() => {
                        removing.reset();
                        setDeleting({ id: b.id, date: b.date });
                      }}
                    >
                      {t("history.delete")}
                      <span className="visually-hidden"> {t("history.deleteWhich", { date: formatDay(b.date) })}</span>
                    </button>
                  )}
                />
              </>
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
