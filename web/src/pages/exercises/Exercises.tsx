// Exercises: search the catalog and your custom exercises (typo-tolerant); your custom exercises
// listed; create one; rename or delete one of yours (the server refuses to delete one in use).
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { EXERCISE_EQUIPMENT, EXERCISE_KINDS, EXERCISE_REGIONS } from "@svc/sdk";
import { graphql, type ResultOf } from "../../graphql/graphql.ts";
import { ListedExerciseFields } from "../../graphql/fragments.ts";
import { useMutation, useQuery, type QueryState } from "../../graphql/hooks.ts";
import { fieldError } from "../../graphql/client.ts";
import { Page, Section } from "../../components/Page.tsx";
import { SelectField, TextField } from "../../components/Field.tsx";
import { Empty, ErrorMessage, Loading, QueryView } from "../../components/States.tsx";
import { CardTable, type Column } from "../../components/CardTable.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { SearchExercises, useSettled, type FoundExercise } from "../../components/ExercisePicker.tsx";
import { muscleName } from "../progress/muscleNames.ts";

const CreateExercise = graphql(`
  mutation CreateExercise($input: CreateCustomExerciseInput!) {
    createCustomExercise(input: $input) {
      exercise {
        id
        name
        equipment
        region
        kind
        custom
      }
    }
  }
`);

const RenameExercise = graphql(`
  mutation RenameExercise($id: UUID!, $name: String!) {
    updateCustomExercise(input: { id: $id, name: $name }) {
      exercise {
        id
        name
      }
    }
  }
`);

const CustomExercises = graphql(
  `
    query CustomExercises($first: Int!) {
      viewer {
        id
        customExercises(first: $first) {
          totalCount
          nodes {
            ...ListedExerciseFields
          }
        }
      }
    }
  `,
  [ListedExerciseFields],
);

const DeleteExercise = graphql(`
  mutation DeleteExercise($id: UUID!) {
    deleteCustomExercise(input: { id: $id }) {
      exercise {
        id
        name
      }
    }
  }
`);

type T = TFunction<"exercises">;

/** An equipment value (`barbell`) as the lists write it, in the app's language; another value as it is. */
function equipmentName(t: T, value: string): string {
  switch (value) {
    case "barbell":
      return t("equipment.barbell");
    case "dumbbell":
      return t("equipment.dumbbell");
    case "machine":
      return t("equipment.machine");
    case "cable":
      return t("equipment.cable");
    case "bodyweight":
      return t("equipment.bodyweight");
    case "kettlebell":
      return t("equipment.kettlebell");
    case "band":
      return t("equipment.band");
    case "cardio":
      return t("equipment.cardio");
    case "other":
      return t("equipment.other");
    default:
      return value;
  }
}

/** A region value as the lists write it (`full body`). */
function regionValue(t: T, value: string): string {
  switch (value) {
    case "upper":
      return t("region.upper");
    case "lower":
      return t("region.lower");
    case "core":
      return t("region.core");
    case "full body":
      return t("region.fullBody");
    case "cardio":
      return t("region.cardio");
    default:
      return value;
  }
}

/** A kind value as the lists write it (`reps`). */
function kindValue(t: T, value: string): string {
  switch (value) {
    case "reps":
      return t("kind.reps");
    case "time":
      return t("kind.time");
    case "cardio":
      return t("kind.cardio");
    default:
      return value;
  }
}

const equipmentOptions = (t: T) => EXERCISE_EQUIPMENT.map((v) => ({ value: v, label: equipmentName(t, v) }));
const REGION_LABELS: Record<(typeof EXERCISE_REGIONS)[number], (t: T) => string> = {
  upper: (t) => t("regionOption.upper"),
  lower: (t) => t("regionOption.lower"),
  core: (t) => t("regionOption.core"),
  "full body": (t) => t("regionOption.fullBody"),
  cardio: (t) => t("regionOption.cardio"),
};
const regionOptions = (t: T) => EXERCISE_REGIONS.map((v) => ({ value: v, label: REGION_LABELS[v](t) }));
const KIND_LABELS: Record<(typeof EXERCISE_KINDS)[number], (t: T) => string> = {
  reps: (t) => t("kindOption.reps"),
  time: (t) => t("kindOption.time"),
  cardio: (t) => t("kindOption.cardio"),
};
const kindOptions = (t: T) => EXERCISE_KINDS.map((v) => ({ value: v, label: KIND_LABELS[v](t) }));

/** Custom exercises shown at once; more than this is unusual (the search finds the rest). */
const CUSTOM_SHOWN = 200;

/** What both lists show of an exercise after its name. */
function exerciseColumns(t: T, tp: TFunction<"progress">): Column<FoundExercise>[] {
  const muscles = (list: readonly (string | null)[]) =>
    list.flatMap((m) => (m === null ? [] : [muscleName(tp, m)])).join(t("listSeparator")) || "—";
  return [
    { label: t("columns.equipment"), cell: (x) => equipmentName(t, x.equipment) },
    { label: t("columns.region"), cell: (x) => regionValue(t, x.region) },
    { label: t("columns.kind"), cell: (x) => kindValue(t, x.kind) },
    { label: t("columns.primary"), cell: (x) => muscles(x.muscles) },
    { label: t("columns.secondary"), cell: (x) => muscles(x.secondaryMuscles) },
  ];
}

const EMPTY_NEW = {
  name: "",
  equipment: "other",
  region: "full body",
  kind: "reps",
  muscles: "",
  secondaryMuscles: "",
};

/** A comma-separated list of muscles as typed, as the API takes it. */
const muscleList = (typed: string) =>
  typed
    .split(",")
    .map((m) => m.trim())
    .filter((m) => m !== "");

export default function Exercises() {
  const { t } = useTranslation("exercises");
  const [typed, setTyped] = useState("");
  const settled = useSettled(typed.trim());
  const [submitted, setSubmitted] = useState<string | null>(null);
  const words = submitted ?? settled;
  const search = useQuery(SearchExercises, { words, limit: 30 }, { skip: words === "" });
  const custom = useQuery(CustomExercises, { first: CUSTOM_SHOWN });
  const [rename, renaming] = useMutation(RenameExercise);
  const [remove, removing] = useMutation(DeleteExercise);
  const [renameTarget, setRenameTarget] = useState<FoundExercise | null>(null);
  const [newName, setNewName] = useState("");
  const [deleteTarget, setDeleteTarget] = useState<FoundExercise | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  function showSearch(text: string) {
    setTyped(text);
    setSubmitted(text.trim());
  }

  const results = words === "" ? [] : (search.data?.searchExercises ?? []);

  function actions(x: FoundExercise) {
    return (
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            renaming.reset();
            setNewName(x.name);
            setRenameTarget(x);
          }}
        >
          {t("actions.rename")}
          <span className="visually-hidden"> {x.name}</span>
        </button>
        <button
          type="button"
          onClick={() => {
            removing.reset();
            setDeleteTarget(x);
          }}
        >
          {t("actions.delete")}
          <span className="visually-hidden"> {x.name}</span>
        </button>
      </div>
    );
  }

  return (
    <Page title={t("title")}>
      <Section title={t("find.title")} description={t("find.description")}>
        <form
          role="search"
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            setSubmitted(typed.trim());
          }}
        >
          <TextField
            label={t("find.label")}
            type="search"
            name="q"
            autoComplete="off"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setSubmitted(null);
            }}
          />
          <button type="submit">{t("find.submit")}</button>
        </form>
        {message ? <p role="status">{message}</p> : null}
        <SearchResults words={words} search={search} results={results} actions={actions} />
      </Section>

      <Section title={t("custom.title")}>
        <CustomExercisesList query={custom} actions={actions} />
      </Section>

      <CreateExerciseSection
        onSubmit={() => setMessage(null)}
        onCreated={async (name) => {
          await custom.reload();
          setMessage(t("created", { name }));
          showSearch(name);
        }}
      />

      <ConfirmDialog
        open={renameTarget !== null}
        title={t("rename.title")}
        confirmLabel={t("rename.confirm")}
        mutation={renaming}
        canConfirm={newName.trim() !== ""}
        onCancel={() => setRenameTarget(null)}
        onConfirm={async () => {
          if (!renameTarget) return;
          try {
            const result = await rename({ id: renameTarget.id, name: newName.trim() });
            const name = result.updateCustomExercise?.exercise?.name ?? newName.trim();
            await custom.reload();
            setMessage(t("rename.done", { from: renameTarget.name, name }));
            setRenameTarget(null);
            showSearch(name);
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        <TextField
          label={t("rename.label")}
          name="new-name"
          autoComplete="off"
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
        />
      </ConfirmDialog>

      <ConfirmDialog
        open={deleteTarget !== null}
        title={t("delete.title")}
        confirmLabel={t("delete.confirm")}
        danger
        mutation={removing}
        onCancel={() => setDeleteTarget(null)}
        onConfirm={async () => {
          if (!deleteTarget) return;
          try {
            await remove({ id: deleteTarget.id });
            await Promise.all([words === "" ? null : search.reload(), custom.reload()]);
            setMessage(t("delete.done", { name: deleteTarget.name }));
            setDeleteTarget(null);
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        <p>
          {t("delete.before")}
          <strong>{deleteTarget?.name}</strong>
          {t("delete.after")}
        </p>
      </ConfirmDialog>
    </Page>
  );
}

/** What a search found, or why there is nothing to show yet. */
function SearchResults(props: {
  words: string;
  search: { error: unknown; data: unknown; reload: () => Promise<unknown> };
  results: readonly FoundExercise[];
  actions: (x: FoundExercise) => ReactNode;
}) {
  const { t } = useTranslation("exercises");
  const { t: tp } = useTranslation("progress");
  const { words, search, results, actions } = props;
  if (words === "") return <p className="muted">{t("find.hint")}</p>;
  if (search.error) return <ErrorMessage error={search.error} onRetry={() => void search.reload()} />;
  if (!search.data) return <Loading label={t("find.searching")} />;
  if (results.length === 0)
    return (
      <Empty>
        <p>{t("find.none", { words })}</p>
      </Empty>
    );
  return (
    <CardTable
      caption={t("find.caption", { words })}
      rows={results}
      rowKey={(x) => x.id}
      columns={[
        {
          label: t("columns.name"),
          cell: (x) => (
            <>
              {x.name}
              {x.custom ? (
                <>
                  {" "}
                  <span className="badge">{t("custom.badge")}</span>
                </>
              ) : null}
            </>
          ),
        },
        ...exerciseColumns(t, tp),
        { label: t("columns.aliases"), cell: (x) => x.aliases.join(t("listSeparator")) || "—" },
      ]}
      actions={(x) => (x.custom ? actions(x) : null)}
    />
  );
}

/** The form that creates a custom exercise; `onCreated` gets its name as saved. */
function CreateExerciseSection(props: { onSubmit: () => void; onCreated: (name: string) => Promise<void> }) {
  const { t } = useTranslation("exercises");
  const [created, setCreated] = useState(EMPTY_NEW);
  const [blankName, setBlankName] = useState(false);
  const [create, creating] = useMutation(CreateExercise);

  async function submitCreate(e: FormEvent) {
    e.preventDefault();
    props.onSubmit();
    setBlankName(created.name.trim() === "");
    if (created.name.trim() === "") return;
    try {
      const input = {
        ...created,
        name: created.name.trim(),
        muscles: muscleList(created.muscles),
        secondaryMuscles: muscleList(created.secondaryMuscles),
      };
      const result = await create({ input });
      const name = result.createCustomExercise?.exercise?.name ?? created.name.trim();
      await props.onCreated(name);
      setCreated(EMPTY_NEW);
    } catch {
      // Shown from creating.error; the form keeps what was typed.
    }
  }

  const nameError = blankName ? t("create.blank") : fieldError(creating.error, "name");
  return (
    <Section title={t("create.title")} description={t("create.description")}>
      <form className="stack" onSubmit={submitCreate} noValidate>
        <TextField
          label={t("create.name")}
          name="name"
          autoComplete="off"
          value={created.name}
          error={nameError}
          onChange={(e) => setCreated({ ...created, name: e.target.value })}
        />
        <div className="row">
          <SelectField
            label={t("columns.equipment")}
            name="equipment"
            options={equipmentOptions(t)}
            value={created.equipment}
            onChange={(e) => setCreated({ ...created, equipment: e.target.value })}
          />
          <SelectField
            label={t("columns.region")}
            name="region"
            options={regionOptions(t)}
            value={created.region}
            onChange={(e) => setCreated({ ...created, region: e.target.value })}
          />
          <SelectField
            label={t("columns.kind")}
            name="kind"
            options={kindOptions(t)}
            value={created.kind}
            onChange={(e) => setCreated({ ...created, kind: e.target.value })}
          />
        </div>
        <MuscleFields
          muscles={created.muscles}
          secondaryMuscles={created.secondaryMuscles}
          errors={{
            muscles: fieldError(creating.error, "muscles"),
            secondaryMuscles: fieldError(creating.error, "secondaryMuscles"),
          }}
          onChange={(change) => setCreated({ ...created, ...change })}
        />
        {creating.error &&
        !nameError &&
        !fieldError(creating.error, "muscles") &&
        !fieldError(creating.error, "secondaryMuscles") ? (
          <ErrorMessage error={creating.error} />
        ) : null}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={creating.running}>
            {t("create.submit")}
          </button>
        </div>
      </form>
    </Section>
  );
}

const MuscleNames = graphql(`
  query MuscleNames {
    muscleList {
      name
    }
  }
`);

/** The primary and secondary muscle boxes, offering the catalog's muscle names as typed. */
function MuscleFields(props: {
  muscles: string;
  secondaryMuscles: string;
  errors: { muscles?: string | null; secondaryMuscles?: string | null };
  onChange: (change: { muscles?: string; secondaryMuscles?: string }) => void;
}) {
  const { t } = useTranslation("exercises");
  const { t: tp } = useTranslation("progress");
  const names = useQuery(MuscleNames, {});
  return (
    <>
      <datalist id="muscle-names">
        {(names.data?.muscleList ?? []).map((m) => {
          const label = m ? muscleName(tp, m.name) : undefined;
          return <option key={m?.name} value={m?.name} label={label === m?.name ? undefined : label} />;
        })}
      </datalist>
      <TextField
        label={t("columns.primary")}
        name="muscles"
        hint={t("create.primaryHint", { max: 10 })}
        list="muscle-names"
        autoComplete="off"
        value={props.muscles}
        error={props.errors.muscles ?? undefined}
        onChange={(e) => props.onChange({ muscles: e.target.value })}
      />
      <TextField
        label={t("columns.secondary")}
        name="secondary-muscles"
        hint={t("create.secondaryHint", { max: 10 })}
        list="muscle-names"
        autoComplete="off"
        value={props.secondaryMuscles}
        error={props.errors.secondaryMuscles ?? undefined}
        onChange={(e) => props.onChange({ secondaryMuscles: e.target.value })}
      />
    </>
  );
}

/** The user's custom exercises (the first CUSTOM_SHOWN), each with its actions. */
function CustomExercisesList({
  query,
  actions,
}: {
  query: QueryState<ResultOf<typeof CustomExercises>>;
  actions: (x: FoundExercise) => ReactNode;
}) {
  const { t } = useTranslation("exercises");
  const { t: tp } = useTranslation("progress");
  return (
    <QueryView query={query}>
      {(data) => {
        const list = (data.viewer?.customExercises.nodes ?? []).filter((x) => x !== null);
        if (list.length === 0)
          return (
            <Empty>
              <p>{t("custom.none")}</p>
            </Empty>
          );
        return (
          <>
            <CardTable
              caption={t("custom.title")}
              rows={list}
              rowKey={(x) => x.id}
              columns={[{ label: t("columns.name"), cell: (x) => x.name }, ...exerciseColumns(t, tp)]}
              actions={actions}
            />
            {data.viewer && data.viewer.customExercises.totalCount > list.length ? (
              <p className="muted">
                {t("custom.showing", { shown: list.length, total: data.viewer.customExercises.totalCount })}
              </p>
            ) : null}
          </>
        );
      }}
    </QueryView>
  );
}
