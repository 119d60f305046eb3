// The HTTP status of a web app page whose address names something that may not exist: a share
// link's page (/shared/<token>) answers 404 once the link is revoked or was never made, so a
// link checker, a crawler or a script sees the truth; the app itself still shows why.
import type pg from "pg";

const SHARED_PAGE = /^\/shared\/([^/]+)$/;

/** The status a page address answers with: 404 for a share link that opens nothing, else 200. */
export function pageStatus(ownerPool: pg.Pool) {
  return async (pagePath: string): Promise<number> => {
    const encoded = SHARED_PAGE.exec(pagePath)?.[1];
    if (encoded === undefined) return 200;
    let token: string;
    try {
      token = decodeURIComponent(encoded);
    } catch {
      return 404; // not even text: no link has it
    }
    const { rows } = await ownerPool.query<{ found: boolean }>(
      "select app_public.shared_routine($1) is not null as found",
      [token],
    );
    return rows[0].found ? 200 : 404;
  };
}
