// Admin (admins only; the server refuses anyone else): the users, searchable, with ban and unban.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { graphql, type ResultOf } from "../graphql/graphql.ts";
import { AdminUserFields } from "@svc/sdk/fragments";
import { useQuery } from "../graphql/hooks.ts";
import { Page } from "../components/Page.tsx";
import { SelectField, TextAreaField, TextField } from "../components/Field.tsx";
import { Empty, QueryView } from "../components/States.tsx";
import { CardTable } from "../components/CardTable.tsx";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { useSession } from "../auth/session.tsx";
import { banUser, unbanUser } from "../auth/admin.ts";
import { formatDate, formatDateTime } from "../format.ts";

const PAGE_SIZE = 50;

const AdminUsers = graphql(
  `
    query AdminUsers($search: String, $first: Int!, $offset: Int!) {
      adminUsers(search: $search, first: $first, offset: $offset) {
        totalCount
        nodes {
          ...AdminUserFields
        }
      }
    }
  `,
  [AdminUserFields],
);

type User = NonNullable<NonNullable<ResultOf<typeof AdminUsers>["adminUsers"]>["nodes"][number]>;

const DAY = 24 * 3600;
/** The ban lengths offered, in days (null: no end); 365 is named "One year". */
const BAN_DAYS = [null, 1, 7, 30, 365] as const;

/** A ban applies while it is set and its end (if any) is still ahead. */
function isBanned(user: User, now = Date.now()) {
  return user.banned && (!user.banExpires || new Date(user.banExpires).getTime() > now);
}

export default function Admin() {
  const { t } = useTranslation("admin");
  const { viewer } = useSession();
  const banLengths = BAN_DAYS.map((days) => ({
    value: days === null ? "" : String(days * DAY),
    label: days === null ? t("ban.forever") : days === 365 ? t("ban.year") : t("ban.days", { count: days }),
  }));
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const users = useQuery(AdminUsers, { search: search || null, first: PAGE_SIZE, offset });
  const [banning, setBanning] = useState<User | null>(null);
  const [ban, setBan] = useState({ reason: "", length: "" });
  const [unbanning, setUnbanning] = useState<User | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const [message, setMessage] = useState<string | null>(null);

  function submitSearch(e: FormEvent) {
    e.preventDefault();
    setOffset(0);
    setSearch(typed.trim());
  }

  async function run(action: () => Promise<void>, done: string) {
    setBusy(true);
    setActionError(null);
    try {
      await action();
      setBanning(null);
      setUnbanning(null);
      await users.reload();
      setMessage(done);
    } catch (error) {
      setActionError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t("title")}>
      <section className="section" aria-labelledby="users-heading">
        <h2 id="users-heading">{t("users.heading")}</h2>
        <form className="row" role="search" onSubmit={submitSearch}>
          <TextField
            label={t("users.search")}
            name="search"
            type="search"
            value={typed}
            hint={t("users.searchHint")}
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit">{t("users.searchButton")}</button>
        </form>
        {message ? <p role="status">{message}</p> : null}
        <QueryView query={users}>
          {(data) => {
            const list = (data.adminUsers?.nodes ?? []).filter((u): u is User => u !== null);
            const total = data.adminUsers?.totalCount ?? 0;
            if (list.length === 0)
              return (
                <Empty>
                  <p>{search ? t("users.noMatch", { search }) : t("users.none")}</p>
                </Empty>
              );
            return (
              <>
                <p className="muted">
                  {search ? t("users.countMatching", { count: total, search }) : t("users.count", { count: total })}
                </p>
                <UsersTable
                  users={list}
                  viewerId={viewer?.id}
                  onUnban={(u) => {
                    setActionError(null);
                    setUnbanning(u);
                  }}
                  onBan={(u) => {
                    setActionError(null);
                    setBan({ reason: "", length: "" });
                    setBanning(u);
                  }}
                />
                {total > PAGE_SIZE ? <Pager offset={offset} total={total} onMove={setOffset} /> : null}
              </>
            );
          }}
        </QueryView>
      </section>

      <ConfirmDialog
        open={banning !== null}
        title={t("ban.title", { name: banning?.name ?? "" })}
        confirmLabel={t("ban.confirm")}
        danger
        mutation={{ running: busy, error: actionError }}
        onCancel={() => setBanning(null)}
        onConfirm={() =>
          banning &&
          run(
            () =>
              banUser({
                userId: banning.id,
                banReason: ban.reason.trim() || null,
                banExpiresIn: ban.length ? Number(ban.length) : null,
              }),
            t("ban.done", { name: banning.name }),
          )
        }
      >
        <p>{t("ban.body", { email: banning?.email ?? "" })}</p>
        <div className="stack">
          <TextAreaField
            label={t("ban.reason")}
            name="ban-reason"
            value={ban.reason}
            hint={t("ban.reasonHint")}
            onChange={(e) => setBan({ ...ban, reason: e.target.value })}
          />
          <SelectField
            label={t("ban.length")}
            name="ban-length"
            options={banLengths}
            value={ban.length}
            onChange={(e) => setBan({ ...ban, length: e.target.value })}
          />
        </div>
      </ConfirmDialog>

      <ConfirmDialog
        open={unbanning !== null}
        title={t("unban.title", { name: unbanning?.name ?? "" })}
        confirmLabel={t("unban.confirm")}
        mutation={{ running: busy, error: actionError }}
        onCancel={() => setUnbanning(null)}
        onConfirm={() => unbanning && run(() => unbanUser(unbanning.id), t("unban.done", { name: unbanning.name }))}
      >
        <p>{t("unban.body", { name: unbanning?.name ?? "", email: unbanning?.email ?? "" })}</p>
      </ConfirmDialog>
    </Page>
  );
}

type UserAction = (user: User) => void;

function UsersTable(props: { users: User[]; viewerId: string | undefined; onBan: UserAction; onUnban: UserAction }) {
  const { t } = useTranslation("admin");
  return (
    <CardTable
      caption={t("table.caption")}
      rows={props.users}
      rowKey={(u) => u.id}
      columns={[
        { label: t("table.name"), cell: (u) => u.name },
        { label: t("table.email"), cell: (u) => u.email },
        { label: t("table.role"), cell: (u) => (u.role === "admin" ? t("table.admin") : t("table.user")) },
        {
          label: t("table.status"),
          cell: (u) =>
            isBanned(u) ? (
              <>
                <span className="badge badge-expired">{t("table.banned")}</span>{" "}
                {u.banExpires ? t("table.until", { end: formatDateTime(u.banExpires) }) : t("table.noEnd")}
                {u.banReason ? <>: {u.banReason}</> : null}
              </>
            ) : (
              t("table.active")
            ),
        },
        { label: t("table.joined"), cell: (u) => formatDate(u.createdAt) },
      ]}
      actions={(u) =>
        u.id === props.viewerId ? (
          <span className="muted">{t("table.you")}</span>
        ) : isBanned(u) ? (
          <button type="button" onClick={() => props.onUnban(u)}>
            {t("table.unban")}
            <span className="visually-hidden"> {u.name}</span>
          </button>
        ) : (
          <button type="button" onClick={() => props.onBan(u)}>
            {t("table.ban")}
            <span className="visually-hidden"> {u.name}</span>
          </button>
        )
      }
    />
  );
}

/** Previous and next pages of PAGE_SIZE users. */
function Pager({ offset, total, onMove }: { offset: number; total: number; onMove: (offset: number) => void }) {
  const { t } = useTranslation("admin");
  return (
    <div className="actions">
      <button type="button" disabled={offset === 0} onClick={() => onMove(Math.max(0, offset - PAGE_SIZE))}>
        {t("pager.previous")}
      </button>
      <span className="muted">
        {t("pager.range", { from: offset + 1, to: Math.min(offset + PAGE_SIZE, total), total })}
      </span>
      <button type="button" disabled={offset + PAGE_SIZE >= total} onClick={() => onMove(offset + PAGE_SIZE)}>
        {t("pager.next")}
      </button>
    </div>
  );
}
