// API keys: the list, creating one (shown once, with a copy button) and revoking one.
import { useState, type FormEvent } from "react";
import { graphql, type ResultOf, type VariablesOf } from "../../graphql/graphql.ts";
import { ApiKeyFields } from "@svc/sdk/fragments";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { fieldError } from "../../graphql/client.ts";
import { Section } from "../../components/Page.tsx";
import { SelectField, TextField } from "../../components/Field.tsx";
import { Empty, ErrorMessage, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { formatDate, formatDateTime } from "../../format.ts";

const ApiKeys = graphql(
  `
    query ApiKeys {
      viewer {
        id
        apiKeys {
          ...ApiKeyFields
        }
      }
    }
  `,
  [ApiKeyFields],
);

const CreateApiKey = graphql(`
  mutation CreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      key
      apiKey {
        id
        name
      }
    }
  }
`);

const RevokeApiKey = graphql(`
  mutation RevokeApiKey($id: UUID!) {
    revokeApiKey(input: { id: $id }) {
      id
    }
  }
`);

type Key = NonNullable<ResultOf<typeof ApiKeys>["viewer"]>["apiKeys"][number];
type Access = VariablesOf<typeof CreateApiKey>["input"]["access"];
type Expiry = VariablesOf<typeof CreateApiKey>["input"]["expiresIn"];

const ACCESS: readonly { value: Access; label: string }[] = [
  { value: "READ_ONLY", label: "Read only" },
  { value: "READ_WRITE", label: "Read and write" },
];
const EXPIRY: readonly { value: Expiry; label: string }[] = [
  { value: "DAYS_30", label: "30 days" },
  { value: "DAYS_90", label: "90 days" },
  { value: "YEAR_1", label: "One year" },
  { value: "NEVER", label: "Never" },
];
const accessLabel = (access: Access) => ACCESS.find((a) => a.value === access)?.label ?? access;

export function ApiKeysSection() {
  const keys = useQuery(ApiKeys, {});
  const [create, creating] = useMutation(CreateApiKey);
  const [revoke, revoking] = useMutation(RevokeApiKey);
  const [form, setForm] = useState<{ name: string; access: Access; expiresIn: Expiry }>({
    name: "",
    access: "READ_ONLY",
    expiresIn: "DAYS_90",
  });
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [toRevoke, setToRevoke] = useState<Key | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setCreated(null);
    try {
      const result = await create({ input: { name: form.name, access: form.access, expiresIn: form.expiresIn } });
      if (result.createApiKey)
        setCreated({ name: result.createApiKey.apiKey?.name ?? form.name, key: result.createApiKey.key });
      setForm((f) => ({ ...f, name: "" }));
      await keys.reload();
    } catch {
      // Shown from creating.error; the form keeps what was typed.
    }
  }

  async function confirmRevoke() {
    if (!toRevoke) return;
    try {
      await revoke({ id: toRevoke.id });
      setToRevoke(null);
      await keys.reload();
    } catch {
      // Shown in the dialog.
    }
  }

  const nameError = fieldError(creating.error, "name");
  return (
    <Section
      title="API keys"
      description="Keys let scripts and other apps use your data through the API. A key works only on the GraphQL API, never to sign in."
    >
      <QueryView query={keys}>
        {(data) =>
          !data.viewer || data.viewer.apiKeys.length === 0 ? (
            <Empty>
              <p>No API keys yet.</p>
            </Empty>
          ) : (
            <KeysTable
              keys={data.viewer.apiKeys}
              onRevoke={(k) => {
                revoking.reset();
                setToRevoke(k);
              }}
            />
          )
        }
      </QueryView>

      {created ? <NewKey key={created.key} created={created} onDone={() => setCreated(null)} /> : null}

      <h3>Create a key</h3>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label="Name"
          name="key-name"
          value={form.name}
          error={nameError}
          hint="To recognise the key by, for example the script that uses it."
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <div className="row">
          <SelectField
            label="Access"
            name="access"
            options={ACCESS}
            value={form.access}
            onChange={(e) => setForm({ ...form, access: e.target.value as Access })}
          />
          <SelectField
            label="Expiry"
            name="expiry"
            options={EXPIRY}
            value={form.expiresIn}
            onChange={(e) => setForm({ ...form, expiresIn: e.target.value as Expiry })}
          />
        </div>
        {creating.error && !nameError ? <ErrorMessage error={creating.error} /> : null}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={creating.running}>
            Create key
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={toRevoke !== null}
        title="Revoke this key?"
        confirmLabel="Revoke key"
        danger
        mutation={revoking}
        onCancel={() => setToRevoke(null)}
        onConfirm={confirmRevoke}
      >
        <p>
          Programs using “{toRevoke?.name}” ({toRevoke?.start}…) will be signed out at once. This cannot be undone.
        </p>
      </ConfirmDialog>
    </Section>
  );
}

function KeysTable({ keys, onRevoke }: { keys: readonly Key[]; onRevoke: (key: Key) => void }) {
  return (
    <CardTable
      caption="Your API keys"
      rows={keys}
      rowKey={(k) => k.id}
      columns={[
        { label: "Name", cell: (k) => k.name },
        { label: "Key starts", cell: (k) => <code>{k.start}…</code> },
        { label: "Access", cell: (k) => accessLabel(k.access) },
        { label: "Created", cell: (k) => formatDate(k.createdAt) },
        { label: "Last used", cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "Never") },
        {
          label: "Expires",
          cell: (k) => (
            <>
              {k.expiresAt ? formatDate(k.expiresAt) : "Never"}
              {k.expired ? (
                <>
                  {" "}
                  <span className="badge badge-expired">Expired</span>
                </>
              ) : null}
            </>
          ),
        },
      ]}
      actions={(k) => (
        <button type="button" onClick={() => onRevoke(k)}>
          Revoke<span className="visually-hidden"> {k.name}</span>
        </button>
      )}
    />
  );
}

/** The key just created, shown this once, with a button to copy it. */
function NewKey({ created, onDone }: { created: { name: string; key: string }; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied("Copied to the clipboard.");
    } catch {
      setCopied("Could not copy: select the key and copy it yourself.");
    }
  }
  return (
    <div className="section" aria-labelledby="new-key-heading">
      <h3 id="new-key-heading">Your new key “{created.name}”</h3>
      <p className="warning" role="status">
        Copy this key now: it will not be shown again. Anyone with it can use your data as its access allows.
      </p>
      <div className="secret">
        <TextField label="New API key" name="new-key" value={created.key} readOnly onFocus={(e) => e.target.select()} />
        <button type="button" onClick={copy}>
          Copy key
        </button>
      </div>
      {copied ? <p role="status">{copied}</p> : null}
      <button type="button" className="link" onClick={onDone}>
        I have copied it
      </button>
    </div>
  );
}
