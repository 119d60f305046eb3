// The backup's file is made new, mode 0600, never over an existing file or through a link left at
// its name, in a folder others cannot add files to (a sticky one such as /tmp is fine).
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openNewBackupFile, backupFolderProblem } from "../../db/backup-file.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "svc-backup-file-"));
  chmodSync(root, 0o700);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("a new file, mode 0600; a second one at the same name is refused naming it", () => {
  const file = path.join(root, "a.tar.gz");
  const opened = openNewBackupFile(file);
  opened.close();
  expect(opened.partial).toBe(`${file}.partial`);
  expect(statSync(opened.partial).mode & 0o777).toBe(0o600);
  expect(() => openNewBackupFile(file)).toThrow(
    `${file}.partial already exists (another backup running, or one that stopped); remove it first`,
  );
});

test("a symbolic link at the name is refused and what it points at is left alone", () => {
  const target = path.join(root, "someone-elses");
  writeFileSync(target, "theirs");
  const file = path.join(root, "b.tar.gz");
  symlinkSync(target, `${file}.partial`);
  expect(() => openNewBackupFile(file)).toThrow(`${file}.partial is a symbolic link; remove it first`);
  expect(readFileSync(target, "utf8")).toBe("theirs");
});

test("the folder: others may not write to it unless it is sticky; missing or a file is refused", () => {
  const shared = path.join(root, "shared");
  mkdirSync(shared);
  chmodSync(shared, 0o777);
  expect(backupFolderProblem(shared)).toMatch(/can be written by other users/);
  expect(() => openNewBackupFile(path.join(shared, "c.tar.gz"))).toThrow(/can be written by other users/);
  chmodSync(shared, 0o775);
  expect(backupFolderProblem(shared)).toMatch(/can be written by other users/);
  chmodSync(shared, 0o1777);
  expect(backupFolderProblem(shared)).toBeNull();
  chmodSync(shared, 0o755);
  expect(backupFolderProblem(shared)).toBeNull();
  openNewBackupFile(path.join(shared, "c.tar.gz")).close();
  expect(backupFolderProblem(path.join(root, "missing"))).toBe(
    `${path.join(root, "missing")} does not exist; create it first`,
  );
  writeFileSync(path.join(root, "plain"), "");
  expect(backupFolderProblem(path.join(root, "plain"))).toBe(`${path.join(root, "plain")} is not a folder`);
});
