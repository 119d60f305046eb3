// One-line structured logs. Never pass a token, key or password here.
export function log(level: "info" | "warn" | "error", message: string, fields: Record<string, unknown> = {}): void {
  if (process.env.SVC_LOG === "silent") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  (level === "info" ? process.stdout : process.stderr).write(line + "\n");
}
