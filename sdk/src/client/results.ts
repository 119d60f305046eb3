/** Helpers reading the server's answers: connections page by page, mutation payloads. */
import { SvcError } from "../errors.ts";
import { rows, type ResultOf } from "../graphql.ts";
import type { PageInfoFields } from "../fragments.ts";

/** A connection's page; the schema types its nodes as nullable. */
export type Page<T> = { nodes: readonly (T | null)[]; pageInfo: ResultOf<typeof PageInfoFields> };

export const EMPTY_PAGE: Page<never> = { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };

/** A mutation's payload with the fields `keys` there (the schema types them as nullable). */
export function present<T extends object, K extends keyof T>(
  payload: T | null,
  ...keys: K[]
): Omit<T, K> & { [P in K]-?: NonNullable<T[P]> } {
  if (!payload || keys.some((key) => payload[key] === null || payload[key] === undefined)) {
    throw new SvcError("BAD_RESPONSE", "The server's answer lacks what the mutation returns");
  }
  return payload as Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
}

/** Every node of a connection, following its cursor page by page. */
export async function collect<T>(fetchPage: (after: string | null) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Page<T> = await fetchPage(after);
    out.push(...rows(page.nodes));
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return out;
    after = page.pageInfo.endCursor;
  }
}
