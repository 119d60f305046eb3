// Exercises: search the catalog and your custom exercises (typo-tolerant); your custom exercises
// listed; create one; rename or delete one of yours (the server refuses to delete one in use).
import { useState, type FormEvent } from "react";
import { EXERCISE_EQUIPMENT, EXERCISE_KINDS, EXERCISE_REGIONS } from "@svc/sdk";
import { graphql } from "../../graphql/graphql.ts";
import { ListedExerciseFields } from "../../graphql/fragments.ts";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
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
];

const EMPTY_NEW = { name: "", equipment: "other", region: "full body", kind: "reps" };

export default function Exercises() {
  const [typed, setTyped] = useState("");
  const settled = useSettled(typed.trim());
  const [submitted, setSubmitted] = useState<string | null>(null);
  const words = submitted ?? settled;
  const search = useQuery(SearchExercises, { words, limit: 30 }, { skip: words === "" });
  const custom = useQuery(CustomExercises, { first: CUSTOM_SHOWN });
  const [created, setCreated] = useState(EMPTY_NEW);
  const [blankName, setBlankName] = useState(false);
  const [create, creating] = useMutation(CreateExercise);
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

  async function submitCreate(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    setBlankName(created.name.trim() === "");
    if (created.name.trim() === "") return;
    try {
      const result = await create({ input: { ...created, name: created.name.trim() } });
      const name = result.createCustomExercise?.exercise?.name ?? created.name.trim();
      await custom.reload();
      setMessage(`Created the custom exercise ${name}.`);
      setCreated(EMPTY_NEW);
      showSearch(name);
    } catch {
      // Shown from creating.error; the form keeps what was typed.
    }
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
  const nameError = blankName ? "Name must not be blank" : fieldError(creating.error, "name");

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
        {words === "" ? (
          <p className="muted">Type a name to search, for example “squat”, “ohp” or “bench pres”.</p>
        ) : search.error ? (
          <ErrorMessage error={search.error} onRetry={() => void search.reload()} />
        ) : !search.data ? (
          <Loading label="Searching…" />
        ) : results.length === 0 ? (
          <Empty>
            <p>No exercise matches “{words}”. You can create it below.</p>
          </Empty>
        ) : (
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
        )}
      </Section>

      <Section title="Your custom exercises">
        <QueryView query={custom}>
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
      </Section>

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
          {creating.error && !nameError ? <ErrorMessage error={creating.error} /> : null}
          <div className="form-actions">
            <button type="submit" className="primary" disabled={creating.running}>
              Create exercise
            </button>
          </div>
        </form>
      </Section>

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
