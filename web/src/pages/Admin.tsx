// Admin (admins only; the server refuses anyone else): the users, searchable, with ban and unban.
import { useState, type FormEvent } from "react";
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
const BAN_LENGTHS = [
  { value: "", label: "No end (until unbanned)" },
  { value: String(DAY), label: "1 day" },
  { value: String(7 * DAY), label: "7 days" },
  { value: String(30 * DAY), label: "30 days" },
  { value: String(365 * DAY), label: "One year" },
] as const;

/** A ban applies while it is set and its end (if any) is still ahead. */
function isBanned(user: User, now = Date.now()) {
  return user.banned && (!user.banExpires || new Date(user.banExpires).getTime() > now);
}

export default function Admin() {
  const { viewer } = useSession();
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
    <Page title="Admin">
      <section className="section" aria-labelledby="users-heading">
        <h2 id="users-heading">Users</h2>
        <form className="row" role="search" onSubmit={submitSearch}>
          <TextField
            label="Search users"
            name="search"
            type="search"
            value={typed}
            hint="Part of a name or email."
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit">Search</button>
        </form>
        {message ? <p role="status">{message}</p> : null}
        <QueryView query={users}>
          {(data) => {
            const list = (data.adminUsers?.nodes ?? []).filter((u): u is User => u !== null);
            const total = data.adminUsers?.totalCount ?? 0;
            if (list.length === 0)
              return (
                <Empty>
                  <p>{search ? `No user’s name or email contains “${search}”.` : "No users."}</p>
                </Empty>
              );
            return (
              <>
                <p className="muted">
                  {total} user{total === 1 ? "" : "s"}
                  {search ? ` matching “${search}”` : ""}.
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
        title={`Ban ${banning?.name ?? ""}`}
        confirmLabel="Ban user"
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
            `Banned ${banning.name}.`,
          )
        }
      >
        <p>{banning?.email} will be signed out everywhere, and their API keys will stop working.</p>
        <div className="stack">
          <TextAreaField
            label="Reason"
            name="ban-reason"
            value={ban.reason}
            hint="Optional. The person sees it when they try to sign in."
            onChange={(e) => setBan({ ...ban, reason: e.target.value })}
          />
          <SelectField
            label="Ban length"
            name="ban-length"
            options={BAN_LENGTHS}
            value={ban.length}
            onChange={(e) => setBan({ ...ban, length: e.target.value })}
          />
        </div>
      </ConfirmDialog>

      <ConfirmDialog
        open={unbanning !== null}
        title={`Unban ${unbanning?.name ?? ""}`}
        confirmLabel="Unban user"
        mutation={{ running: busy, error: actionError }}
        onCancel={() => setUnbanning(null)}
        onConfirm={() => unbanning && run(() => unbanUser(unbanning.id), `Unbanned ${unbanning.name}.`)}
      >
        <p>
          {unbanning?.name} ({unbanning?.email}) will be able to sign in again.
        </p>
      </ConfirmDialog>
    </Page>
  );
}

type UserAction = (user: User) => void;

function UsersTable(props: { users: User[]; viewerId: string | undefined; onBan: UserAction; onUnban: UserAction }) {
  return (
    <CardTable
      caption="Users"
      rows={props.users}
      rowKey={(u) => u.id}
      columns={[
        { label: "Name", cell: (u) => u.name },
        { label: "Email", cell: (u) => u.email },
        { label: "Role", cell: (u) => (u.role === "admin" ? "Admin" : "User") },
        {
          label: "Status",
          cell: (u) =>
            isBanned(u) ? (
              <>
                <span className="badge badge-expired">Banned</span>{" "}
                {u.banExpires ? `until ${formatDateTime(u.banExpires)}` : "with no end"}
                {u.banReason ? <>: {u.banReason}</> : null}
              </>
            ) : (
              "Active"
            ),
        },
        { label: "Joined", cell: (u) => formatDate(u.createdAt) },
      ]}
      actions={(u) =>
        u.id === props.viewerId ? (
          <span className="muted">You</span>
        ) : isBanned(u) ? (
          <button type="button" onClick={() => props.onUnban(u)}>
            Unban<span className="visually-hidden"> {u.name}</span>
          </button>
        ) : (
          <button type="button" onClick={() => props.onBan(u)}>
            Ban<span className="visually-hidden"> {u.name}</span>
          </button>
        )
      }
    />
  );
}

/** Previous and next pages of PAGE_SIZE users. */
function Pager({ offset, total, onMove }: { offset: number; total: number; onMove: (offset: number) => void }) {
  return (
    <div className="actions">
      <button type="button" disabled={offset === 0} onClick={() => onMove(Math.max(0, offset - PAGE_SIZE))}>
        Previous
      </button>
      <span className="muted">
        {offset + 1}–{Math.min(offset + PAGE_SIZE, total)} of {total}
      </span>
      <button type="button" disabled={offset + PAGE_SIZE >= total} onClick={() => onMove(offset + PAGE_SIZE)}>
        Next
      </button>
    </div>
  );
}
