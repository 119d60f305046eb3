// The real `svc` binary against the real server: `svc routine share <name>` prints a link once
// (the note on stderr), `svc routine shares` lists the ids, `svc routine unshare <id>` revokes one;
// the link opens the routine signed out until revoked; mistakes exit non-zero with a clear line.
import { gql, gqlData } from "../../test/support/harness.ts";
import { accountKit, stdoutJson } from "./support.ts";

const { s, signedUp } = accountKit();

const SHARED = `query($token: String!) { sharedRoutine(token: $token) }`;
const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

test("share prints the link once, shares lists it, unshare revokes it", async () => {
  const { h, token } = await signedUp("Sharer");
  await gqlData(
    s.url,
    `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`,
    { d: { name: "Push", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 80 }] } },
    { token },
  );
  const made = await h.run(["routine", "share", "push"]);
  expect(made.code).toBe(0);
  const url = made.stdout.trim();
  expect(url).toMatch(new RegExp(`^${s.url}/shared/rs_[0-9A-Za-z]{32}$`));
  expect(made.stderr).toContain("shown this once");
  const seen = (await gqlData(s.url, SHARED, { token: tokenOf(url) })).sharedRoutine;
  expect(seen.routine.name).toBe("Push");
  expect(seen.sharedBy).toBeUndefined();

  const named = stdoutJson(await h.run(["routine", "share", "Push", "--show-name", "--json"]));
  expect(named).toMatchObject({ routine: "Push" });
  expect((await gqlData(s.url, SHARED, { token: tokenOf(named.url) })).sharedRoutine.sharedBy).toBe("Sharer");

  const list = await h.run(["routine", "shares"]);
  expect(list.code).toBe(0);
  expect(list.stdout).toMatch(/^ID\s+ROUTINE\s+NAME SHOWN\s+MADE/);
  expect(list.stdout).not.toContain("rs_");
  const rows = stdoutJson(await h.run(["routine", "shares", "--json"]));
  expect(rows).toHaveLength(2);
  expect(rows.map((r: { id: string }) => r.id)).toContain(named.id);
  expect(rows.map((r: { routine: string }) => r.routine)).toEqual(["Push", "Push"]);

  const revoked = await h.run(["routine", "unshare", named.id]);
  expect(revoked.code).toBe(0);
  expect(revoked.stdout).toContain(`Revoked share link ${named.id}.`);
  expect((await gql(s.url, SHARED, { token: tokenOf(named.url) })).body.data.sharedRoutine).toBeNull();
  expect((await gqlData(s.url, SHARED, { token: tokenOf(url) })).sharedRoutine).not.toBeNull();
});

test("an unknown routine, a link id that is not one, a link already revoked: a clear line, exit non-zero", async () => {
  const { h } = await signedUp("Mistaken");
  const noRoutine = await h.run(["routine", "share", "Nothing"]);
  expect(noRoutine.code).not.toBe(0);
  expect(noRoutine.stderr).toMatch(/No routine/);
  const notAnId = await h.run(["routine", "unshare", "abc"]);
  expect(notAnId.code).not.toBe(0);
  expect(notAnId.stderr).toContain('"abc" is not a share link id');
  const gone = await h.run(["routine", "unshare", "0b9c2d4e-8c1f-4f55-9a3e-2b1d5c7e9f10"]);
  expect(gone.code).not.toBe(0);
  expect(gone.stderr).toContain("You have no share link 0b9c2d4e-8c1f-4f55-9a3e-2b1d5c7e9f10");
  const empty = await h.run(["routine", "shares"]);
  expect(empty.stdout).toContain("No share links.");
});
