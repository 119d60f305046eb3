// Loaded before the entry point (`node --import`) by test/server/json-log.test.ts: on SIGUSR2 the
// process prints as libraries and node do by themselves (console with an error, a warning, text over
// two lines), then leaves a rejection unhandled, which ends it.
process.on("SIGUSR2", () => {
  console.log("printed by a library\nover two lines");
  console.error("a library failed:", new Error("first line\nsecond line"));
  process.emitWarning("a warning\nover two lines");
  setTimeout(() => void Promise.reject(new Error("nobody caught this")), 200);
});
