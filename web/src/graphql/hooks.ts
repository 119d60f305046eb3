// React hooks over `runOperation` (client.ts): a query loaded on mount (and on `reload`), and a mutation runner
// that keeps its last error. Both keep the previous data while a reload runs.
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import type { TadaDocumentNode } from "gql.tada";
import { runOperation } from "./client.ts";

export type QueryState<Result> = {
  data: Result | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
};

type Prefetched<Result = unknown> = { promise: Promise<Result>; result?: { data: Result } };
/** Queries started before their page rendered, by document and variables; each is used once. */
const prefetched = new WeakMap<object, Map<string, Prefetched>>();

/**
 * Starts a query before its page renders (a page module's `prefetch` export: main.tsx calls it
 * for the first page, beside the session check). The page's `useQuery` with the same document and
 * variables then takes this answer instead of asking again. Resolves when the answer is here.
 */
export function prefetchQuery<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  variables: Variables,
): Promise<void> {
  const key = JSON.stringify(variables);
  const byKey = prefetched.get(document) ?? new Map<string, Prefetched>();
  prefetched.set(document, byKey);
  const known = byKey.get(key);
  if (known)
    return known.promise.then(
      () => {},
      () => {},
    );
  const entry: Prefetched = { promise: runOperation(document, variables) };
  byKey.set(key, entry);
  // Settles either way: a failed prefetch is forgotten and the page asks again itself.
  return entry.promise.then(
    (data) => void (entry.result = { data }),
    () => void byKey.delete(key),
  );
}

function takePrefetched<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  key: string,
): Prefetched<Result> | undefined {
  const entry = prefetched.get(document)?.get(key);
  prefetched.get(document)?.delete(key);
  // Kept by the document that answered it, so its data is that document's Result.
  return entry as Prefetched<Result> | undefined;
}

export function useQuery<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  variables: Variables,
  options: { skip?: boolean } = {},
): QueryState<Result> {
  const key = JSON.stringify(variables);
  // A prefetched answer that is already here is the first render's data (no loading state).
  const [first] = useState(() => (options.skip ? undefined : takePrefetched(document, key)));
  const [data, setData] = useState<Result | undefined>(first?.result?.data);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(!options.skip && !first?.result);
  const latest = useRef(0);
  const pending = useRef(first?.result ? undefined : first?.promise);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const waiting = pending.current;
      pending.current = undefined;
      const result = await (waiting ?? runOperation(document, JSON.parse(key) as Variables));
      // A transition: a section filling with a long table renders in slices, not one long task.
      if (ticket === latest.current)
        startTransition(() => {
          setData(result);
          setError(null);
          setLoading(false);
        });
    } catch (e) {
      if (ticket === latest.current) {
        setError(e);
        setLoading(false);
      }
    }
  }, [document, key]);

  const skipFirstLoad = useRef(first?.result !== undefined);
  useEffect(() => {
    if (options.skip) return;
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    void load();
  }, [load, options.skip]);

  return { data, error, loading, reload: load };
}

export type MutationState = { running: boolean; error: unknown; reset: () => void };

export function useMutation<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
): [(variables: Variables) => Promise<Result>, MutationState] {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(
    async (variables: Variables) => {
      setRunning(true);
      setError(null);
      try {
        return await runOperation(document, variables);
      } catch (e) {
        setError(e);
        throw e;
      } finally {
        setRunning(false);
      }
    },
    [document],
  );
  return [run, { running, error, reset: () => setError(null) }];
}
