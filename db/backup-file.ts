// Where a backup is written: a file that holds the role passwords and every user's data, so it is
// created new (never over an existing file, never through a symbolic link someone left at its name)
// in a folder that only its owner can add files to, or a sticky one like /tmp.
import { closeSync, constants, lstatSync, openSync } from "node:fs";
import path from "node:path";

const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Why the backup's folder is refused, or null: missing, not a folder, or writable by others without the sticky bit. */
export function backupFolderProblem(folder: string): string | null {
  let stat;
  try {
    stat = lstatSync(folder);
  } catch {
    return `${folder} does not exist; create it first`;
  }
  if (!stat.isDirectory()) return `${folder} is not a folder`;
  const othersMayWrite = (stat.mode & 0o022) !== 0;
  const sticky = (stat.mode & 0o1000) !== 0;
  if (othersMayWrite && !sticky)
    return `${folder} can be written by other users, who could swap the backup for a link of theirs; choose a folder only you can write to (chmod go-w)`;
  return null;
}

/** Opens `<file>.partial` for a new backup (mode 0600), refusing a folder or a name someone else may control. */
export function openNewBackupFile(file: string): { fd: number; partial: string; close: () => void } {
  const problem = backupFolderProblem(path.dirname(path.resolve(file)));
  if (problem) throw new Error(problem);
  const partial = `${file}.partial`;
  let fd: number;
  try {
    fd = openSync(partial, NEW_FILE, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const link = code === "ELOOP" || (code === "EEXIST" && lstatSync(partial).isSymbolicLink());
    if (link) throw new Error(`${partial} is a symbolic link; remove it first`);
    if (code === "EEXIST")
      throw new Error(`${partial} already exists (another backup running, or one that stopped); remove it first`);
    throw error;
  }
  return { fd, partial, close: () => closeSync(fd) };
}
