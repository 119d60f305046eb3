// API keys: the list, creating one (shown once, with a copy button) and revoking one.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
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

const ACCESS: readonly Access[] = ["READ_ONLY", "READ_WRITE"];
const EXPIRY: readonly Expiry[] = ["DAYS_30", "DAYS_90", "YEAR_1", "NEVER"];
/** An access level's name (apiKeys.access.READ_ONLY, ...). */
const accessLabel = (t: TFunction<"settingsSections">, access: Access) =>
  ACCESS.includes(access) ? t(`apiKeys.access.${access}`) : access;

export function ApiKeysSection() {
  const { t } = useTranslation("settingsSections");
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
    <Section title={t("apiKeys.title")} description={t("apiKeys.description")}>
      <QueryView query={keys}>
        {(data) =>
          !data.viewer || data.viewer.apiKeys.length === 0 ? (
            <Empty>
              <p>{t("apiKeys.none")}</p>
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

      <h3>{t("apiKeys.createHeading")}</h3>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t("apiKeys.name")}
          name="key-name"
          value={form.name}
          error={nameError}
          hint={t("apiKeys.nameHint")}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <div className="row">
          <SelectField
            label={t("apiKeys.accessLabel")}
            name="access"
            options={ACCESS.map((value) => ({ value, label: accessLabel(t, value) }))}
            value={form.access}
            onChange={(e) => setForm({ ...form, access: e.target.value as Access })}
          />
          <SelectField
            label={t("apiKeys.expiryLabel")}
            name="expiry"
            options={EXPIRY.map((value) => ({ value, label: t(`apiKeys.expiry.${value}`) }))}
            value={form.expiresIn}
            onChange={(e) => setForm({ ...form, expiresIn: e.target.value as Expiry })}
          />
        </div>
        {creating.error && !nameError ? <ErrorMessage error={creating.error} /> : null}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={creating.running}>
            {t("apiKeys.create")}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={toRevoke !== null}
        title={t("apiKeys.revokeTitle")}
        confirmLabel={t("apiKeys.revokeConfirm")}
        danger
        mutation={revoking}
        onCancel={() => setToRevoke(null)}
        onConfirm={confirmRevoke}
      >
        <p>{t("apiKeys.revokeBody", { name: toRevoke?.name ?? "", start: toRevoke?.start ?? "" })}</p>
      </ConfirmDialog>
    </Section>
  );
}

function KeysTable({ keys, onRevoke }: { keys: readonly Key[]; onRevoke: (key: Key) => void }) {
  const { t } = useTranslation("settingsSections");
  return (
    <CardTable
      caption={t("apiKeys.caption")}
      rows={keys}
      rowKey={(k) => k.id}
      columns={[
        { label: t("apiKeys.name"), cell: (k) => k.name },
        { label: t("apiKeys.starts"), cell: (k) => <code>{k.start}…</code> },
        { label: t("apiKeys.accessLabel"), cell: (k) => accessLabel(t, k.access) },
        { label: t("apiKeys.created"), cell: (k) => formatDate(k.createdAt) },
        { label: t("apiKeys.lastUsed"), cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t("never")) },
        {
          label: t("apiKeys.expires"),
          cell: (k) => (
            <>
              {k.expiresAt ? formatDate(k.expiresAt) : t("never")}
              {k.expired ? (
                <>
                  {" "}
                  <span className="badge badge-expired">{t("apiKeys.expired")}</span>
                </>
              ) : null}
            </>
          ),
        },
      ]}
      actions={(k) => (
        <button type="button" onClick={() => onRevoke(k)}>
          {t("apiKeys.revoke")}
          <span className="visually-hidden"> {k.name}</span>
        </button>
      )}
    />
  );
}

/** The key just created, shown this once, with a button to copy it. */
function NewKey({ created, onDone }: { created: { name: string; key: string }; onDone: () => void }) {
  const { t } = useTranslation("settingsSections");
  const [copied, setCopied] = useState<string | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(t("apiKeys.copied"));
    } catch {
      setCopied(t("apiKeys.copyFailed"));
    }
  }
  return (
    <div className="section" aria-labelledby="new-key-heading">
      <h3 id="new-key-heading">{t("apiKeys.newHeading", { name: created.name })}</h3>
      <p className="warning" role="status">
        {t("apiKeys.copyNow")}
      </p>
      <div className="secret">
        <TextField
          label={t("apiKeys.newKey")}
          name="new-key"
          value={created.key}
          readOnly
          onFocus={(e) => e.target.select()}
        />
        <button type="button" onClick={copy}>
          {t("apiKeys.copy")}
        </button>
      </div>
      {copied ? <p role="status">{copied}</p> : null}
      <button type="button" className="link" onClick={onDone}>
        {t("apiKeys.copiedIt")}
      </button>
    </div>
  );
}
