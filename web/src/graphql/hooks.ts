// React hooks over `request`: a query loaded on mount (and on `reload`), and a mutation runner
// that keeps its last error. Both keep the previous data while a reload runs.
import { useCallback, useEffect, useRef, useState } from "react";
import type { TadaDocumentNode } from "gql.tada";
import { request } from "./client.ts";

export type QueryState<Result> = {
  data: Result | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
};

export function useQuery<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  variables: Variables,
  options: { skip?: boolean } = {},
): QueryState<Result> {
  const [data, setData] = useState<Result>();
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(!options.skip);
  const key = JSON.stringify(variables);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const result = await (request as (d: unknown, v: unknown) => Promise<Result>)(document, JSON.parse(key));
      if (ticket === latest.current) {
        setData(result);
        setError(null);
      }
    } catch (e) {
      if (ticket === latest.current) setError(e);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [document, key]);

  useEffect(() => {
    if (options.skip) return;
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
        return await (request as (d: unknown, v: unknown) => Promise<Result>)(document, variables);
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
