// The ban routes (/api/auth/admin/*). The web app's own page sends the session cookie; the server
// takes it because the browser vouches the request is same-origin (server/http/cross-site-guard.ts).
import { postAuthRoute } from "./api.ts";

export async function banUser(input: {
  userId: string;
  banReason: string | null;
  banExpiresIn: number | null;
}): Promise<void> {
  await postAuthRoute("/api/auth/admin/ban-user", input);
}

export async function unbanUser(userId: string): Promise<void> {
  await postAuthRoute("/api/auth/admin/unban-user", { userId });
}
