// The commit-msg hook at its edges: the checker's rules, and the hook itself run as git runs it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { commitMessageProblems, MAX_SUBJECT } from "../scripts/check-commit-message.ts";

const root = path.resolve(import.meta.dirname, "..");
const BODY = "\n\nWhy it changed.\n\ntest/server/health.test.ts: 14 passed\n";
const subjectOf = (length: number) => `Add ${"x".repeat(length - 4)}`;

test(`a subject of ${MAX_SUBJECT} characters passes, ${MAX_SUBJECT + 1} is refused`, () => {
  expect(commitMessageProblems(subjectOf(MAX_SUBJECT) + BODY)).toEqual([]);
  expect(commitMessageProblems(subjectOf(MAX_SUBJECT + 1) + BODY)).toEqual([
    `The subject has ${MAX_SUBJECT + 1} characters; at most ${MAX_SUBJECT}`,
  ]);
});

test("the subject is imperative, without a full stop", () => {
  expect(commitMessageProblems("Answer outages with 503" + BODY)).toEqual([]);
  expect(commitMessageProblems("Speed up the export" + BODY)).toEqual([]);
  expect(commitMessageProblems("Address the review" + BODY)).toEqual([]);
  for (const verb of ["Added", "Adding", "Adds"])
    expect(commitMessageProblems(`${verb} a field` + BODY)).toEqual([
      `The subject starts with "${verb.toLowerCase()}"; use the imperative ("Add", "Fix", "Answer")`,
    ]);
  expect(commitMessageProblems("Add a field." + BODY)).toEqual(["The subject ends with a full stop; leave it out"]);
});

test("a blank line and a body follow the subject; git's comments are not a body", () => {
  expect(commitMessageProblems("Add a field\n")).toEqual([
    "The body is missing: after a blank line, say why, and the test figures",
  ]);
  expect(commitMessageProblems("Add a field\n\n# Please enter the commit message\n")).toHaveLength(1);
  expect(commitMessageProblems("Add a field\nWhy it changed.\n")).toEqual(["The second line must be blank"]);
  expect(commitMessageProblems("")).toEqual(["The message is empty: write a subject line, a blank line and a body"]);
  expect(commitMessageProblems('Revert "Add a field"\n')).toEqual([]);
});

test("the hook git runs refuses a bad message with status 1 and passes a good one", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "commit-msg-"));
  try {
    const hook = (message: string) => {
      const file = path.join(dir, "COMMIT_EDITMSG");
      writeFileSync(file, message);
      try {
        execFileSync(path.join(root, ".githooks/commit-msg"), [file], { cwd: root, stdio: "pipe" });
        return { status: 0, stderr: "" };
      } catch (error) {
        const e = error as { status: number; stderr: Buffer };
        return { status: e.status, stderr: e.stderr.toString() };
      }
    };
    expect(hook("Add a field" + BODY)).toEqual({ status: 0, stderr: "" });
    expect(hook("Added a field\n")).toEqual({
      status: 1,
      stderr:
        'commit-msg: The subject starts with "added"; use the imperative ("Add", "Fix", "Answer")\n' +
        "commit-msg: The body is missing: after a blank line, say why, and the test figures\n",
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
