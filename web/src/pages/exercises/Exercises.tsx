// Exercises: search the catalog and your custom exercises (typo-tolerant); your custom exercises
// listed; create one; rename or delete one of yours (the server refuses to delete one in use).
import { useState, type FormEvent, type ReactNode } from "react";
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

const EQUIPMENT = EXERCISE_EQUIPMENT.map((v) => ({ value: v, label: v }));
const REGION_LABELS: Record<(typeof EXERCISE_REGIONS)[number], string> = {
  upper: "Upper body",
  lower: "Lower body",
  core: "Core",
  "full body": "Full body",
  cardio: "Cardio",
};
const REGIONS = EXERCISE_REGIONS.map((v) => ({ value: v, label: REGION_LABELS[v] }));
const KIND_LABELS: Record<(typeof EXERCISE_KINDS)[number], string> = {
  reps: "Reps (weight × reps)",
  time: "Time (holds)",
  cardio: "Cardio",
};
const KINDS = EXERCISE_KINDS.map((v) => ({ value: v, label: KIND_LABELS[v] }));

/** Custom exercises shown at once; more than this is unusual (the search finds the rest). */
const CUSTOM_SHOWN = 200;

/** What both lists show of an exercise after its name. */
const EXERCISE_COLUMNS: Column<FoundExercise>[] = [
  { label: "Equipment", cell: (x) => x.equipment },
  { label: "Region", cell: (x) => x.region },
  { label: "Kind", cell: (x) => x.kind },
  { label: "Primary muscles", cell: (x) => x.muscles.join(", ") || "—" },
  { label: "Secondary muscles", cell: (x) => x.secondaryMuscles.join(", ") || "—" },
];

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
          Rename<span className="visually-hidden"> {x.name}</span>
        </button>
        <button
          type="button"
          onClick={() => {
            removing.reset();
            setDeleteTarget(x);
          }}
        >
          Delete<span className="visually-hidden"> {x.name}</span>
        </button>
      </div>
    );
  }

  return (
    <Page title="Exercises">
      <Section
        title="Find exercises"
        description="The catalog and your custom exercises. Everyday names and near misses work too."
      >
        <form
          role="search"
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            setSubmitted(typed.trim());
          }}
        >
          <TextField
            label="Search exercises"
            type="search"
            name="q"
            autoComplete="off"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setSubmitted(null);
            }}
          />
          <button type="submit">Search</button>
        </form>
        {message ? <p role="status">{message}</p> : null}
        <SearchResults words={words} search={search} results={results} actions={actions} />
      </Section>

      <Section title="Your custom exercises">
        <CustomExercisesList query={custom} actions={actions} />
      </Section>

      <CreateExerciseSection
        onSubmit={() => setMessage(null)}
        onCreated={async (name) => {
          await custom.reload();
          setMessage(`Created the custom exercise ${name}.`);
          showSearch(name);
        }}
      />

      <ConfirmDialog
        open={renameTarget !== null}
        title="Rename exercise"
        confirmLabel="Rename"
        mutation={renaming}
        canConfirm={newName.trim() !== ""}
        onCancel={() => setRenameTarget(null)}
        onConfirm={async () => {
          if (!renameTarget) return;
          try {
            const result = await rename({ id: renameTarget.id, name: newName.trim() });
            const name = result.updateCustomExercise?.exercise?.name ?? newName.trim();
            await custom.reload();
            setMessage(`Renamed ${renameTarget.name} to ${name}. Routines and workouts that use it show the new name.`);
            setRenameTarget(null);
            showSearch(name);
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        <TextField
          label="New name"
          name="new-name"
          autoComplete="off"
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
        />
      </ConfirmDialog>

      <ConfirmDialog
        open={deleteTarget !== null}
        title="Delete exercise?"
        confirmLabel="Delete exercise"
        danger
        mutation={removing}
        onCancel={() => setDeleteTarget(null)}
        onConfirm={async () => {
          if (!deleteTarget) return;
          try {
            await remove({ id: deleteTarget.id });
            await Promise.all([words === "" ? null : search.reload(), custom.reload()]);
            setMessage(`Deleted the custom exercise ${deleteTarget.name}.`);
            setDeleteTarget(null);
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        <p>
          Your custom exercise <strong>{deleteTarget?.name}</strong> will be deleted. One still used by a routine or
          workout cannot be.
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
  const { words, search, results, actions } = props;
  if (words === "") return <p className="muted">Type a name to search, for example “squat”, “ohp” or “bench pres”.</p>;
  if (search.error) return <ErrorMessage error={search.error} onRetry={() => void search.reload()} />;
  if (!search.data) return <Loading label="Searching…" />;
  if (results.length === 0)
    return (
      <Empty>
        <p>No exercise matches “{words}”. You can create it below.</p>
      </Empty>
    );
  return (
    <CardTable
      caption={`Exercises matching ${words}`}
      rows={results}
      rowKey={(x) => x.id}
      columns={[
        {
          label: "Name",
          cell: (x) => (
            <>
              {x.name}
              {x.custom ? (
                <>
                  {" "}
                  <span className="badge">Custom</span>
                </>
              ) : null}
            </>
          ),
        },
        ...EXERCISE_COLUMNS,
        { label: "Also called", cell: (x) => x.aliases.join(", ") || "—" },
      ]}
      actions={(x) => (x.custom ? actions(x) : null)}
    />
  );
}

/** The form that creates a custom exercise; `onCreated` gets its name as saved. */
function CreateExerciseSection(props: { onSubmit: () => void; onCreated: (name: string) => Promise<void> }) {
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

  const nameError = blankName ? "Name must not be blank" : fieldError(creating.error, "name");
  return (
    <Section
      title="Create a custom exercise"
      description="Only you see your custom exercises; routines and workouts can name them like catalog ones. The region sets the progression step: lower-body lifts go up 5 kg (10 lb), others 2.5 kg (5 lb)."
    >
      <form className="stack" onSubmit={submitCreate} noValidate>
        <TextField
          label="Exercise name"
          name="name"
          autoComplete="off"
          value={created.name}
          error={nameError}
          onChange={(e) => setCreated({ ...created, name: e.target.value })}
        />
        <div className="row">
          <SelectField
            label="Equipment"
            name="equipment"
            options={EQUIPMENT}
            value={created.equipment}
            onChange={(e) => setCreated({ ...created, equipment: e.target.value })}
          />
          <SelectField
            label="Region"
            name="region"
            options={REGIONS}
            value={created.region}
            onChange={(e) => setCreated({ ...created, region: e.target.value })}
          />
          <SelectField
            label="Kind"
            name="kind"
            options={KINDS}
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
            Create exercise
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
  const names = useQuery(MuscleNames, {});
  return (
    <>
      <datalist id="muscle-names">
        {(names.data?.muscleList ?? []).map((m) => (
          <option key={m?.name} value={m?.name} />
        ))}
      </datalist>
      <TextField
        label="Primary muscles"
        name="muscles"
        hint="Comma-separated, at most 10: the muscles that move the load, e.g. quads, glutes."
        list="muscle-names"
        autoComplete="off"
        value={props.muscles}
        error={props.errors.muscles ?? undefined}
        onChange={(e) => props.onChange({ muscles: e.target.value })}
      />
      <TextField
        label="Secondary muscles"
        name="secondary-muscles"
        hint="Comma-separated, at most 10: the muscles that assist, e.g. hamstrings. A set counts half for them."
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
  return (
    <QueryView query={query}>
      {(data) => {
        const list = (data.viewer?.customExercises.nodes ?? []).filter((x) => x !== null);
        if (list.length === 0)
          return (
            <Empty>
              <p>No custom exercises yet. Create one below when the catalog lacks it.</p>
            </Empty>
          );
        return (
          <>
            <CardTable
              caption="Your custom exercises"
              rows={list}
              rowKey={(x) => x.id}
              columns={[{ label: "Name", cell: (x) => x.name }, ...EXERCISE_COLUMNS]}
              actions={actions}
            />
            {data.viewer && data.viewer.customExercises.totalCount > list.length ? (
              <p className="muted">
                Showing {list.length} of {data.viewer.customExercises.totalCount}; search to find the others.
              </p>
            ) : null}
          </>
        );
      }}
    </QueryView>
  );
}
