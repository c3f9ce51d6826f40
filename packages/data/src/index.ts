import { QueryClient, useInfiniteQuery, useQuery, type Query } from '@tanstack/react-query';
import { apiRequest, useSession, type ApiResult } from '@platform/shell-state';
import { usePendingLoad } from '@platform/ui';

/** An answer other than 2xx: its status and body, so a page can show the server's message. */
export class ApiFailure extends Error {
  readonly ok = false;
  constructor(
    readonly status: number,
    readonly body: ApiResult<unknown>['body'],
  ) {
    super(body.message || `HTTP ${status}`);
    this.name = 'ApiFailure';
  }
}

/**
 * One cache for the page (this module is a shared singleton). Failures show at once with the page's
 * Retry rather than after silent retries; answers are refreshed when a page mounts, not on window focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 } },
});

// Another account's answers are never shown, nor kept in memory after it signs out.
let lastUser = useSession.getState().user?.id ?? null;
useSession.subscribe((s) => {
  const user = s.user?.id ?? null;
  if (user !== lastUser) queryClient.clear();
  lastUser = user;
});

async function getJson<T>(path: string, signal: AbortSignal): Promise<T> {
  const res = await apiRequest<T>(path, { signal });
  if (!res.ok) throw new ApiFailure(res.status, res.body);
  return res.body;
}

/**
 * A GET path of a service, typed by its answer (its contract's response type). Each remote's one API
 * client makes these (`hireApi.board(query)`); pages pass them to `useApiQuery`, which takes nothing else,
 * so no page re-declares what a service answers.
 */
export type Endpoint<T> = string & { readonly __answer: T };
export const endpoint = <T>(path: string): Endpoint<T> => path as Endpoint<T>;

const keyOf = (user: string | null, path: string) => ['api', user, path] as const;
const useUserId = () => useSession((s) => s.user?.id ?? null);

export interface ApiQuery<T> {
  /** The answer for the current path. */
  data: T | undefined;
  /** ApiFailure, ApiNetworkError or another Error; pass it to `failureText`. */
  error: Error | null;
  /** True until the first answer for this path arrives. */
  loading: boolean;
  reload(): void;
}

/**
 * GET an API path for a page. The answer is the one for the path asked last: a request for a path the
 * page no longer shows is aborted, and an answer that arrives late is kept under its own path, never
 * shown for another. `path` null: nothing to load (yet).
 */
export function useApiQuery<T>(path: Endpoint<T> | null): ApiQuery<T> {
  const user = useUserId();
  const q = useQuery<T, Error>(
    {
      queryKey: keyOf(user, path ?? ''),
      queryFn: ({ signal }) => getJson<T>(path!, signal),
      enabled: path !== null,
    },
    queryClient,
  );
  const loading = path !== null && q.isPending;
  // A LoadingRegion around the page's part waits for this answer before showing it.
  usePendingLoad(loading);
  return {
    data: q.data,
    error: q.error,
    loading,
    reload: () => void q.refetch(),
  };
}

interface PageAnswer<I> {
  data: I[];
  pageInfo: { total: number };
}

export interface ApiPages<P extends PageAnswer<unknown>> {
  /** Every item of the pages loaded so far. */
  items: P['data'];
  /** The first page's answer (totals, counts). */
  first: P | undefined;
  total: number;
  hasMore: boolean;
  loadMore(): void;
  error: Error | null;
  loading: boolean;
  reload(): void;
}

/**
 * A paged list shown with "Show more": the same loading as `useApiQuery`, page after page.
 * `pathOf(page)` is the API path of a page (1-based); the answer carries `data` and `pageInfo.total`.
 */
export function useApiPages<P extends PageAnswer<unknown>>(
  pathOf: (page: number) => Endpoint<P>,
  opts: { enabled?: boolean } = {},
): ApiPages<P> {
  const user = useUserId();
  const q = useInfiniteQuery(
    {
      // The first page's path names the list.
      queryKey: [...keyOf(user, pathOf(1)), 'pages'],
      queryFn: ({ signal, pageParam }) => getJson<P>(pathOf(pageParam), signal),
      initialPageParam: 1,
      getNextPageParam: (last: P, all: P[]) =>
        all.reduce((n, p) => n + p.data.length, 0) < last.pageInfo.total && last.data.length > 0
          ? all.length + 1
          : undefined,
      enabled: opts.enabled ?? true,
    },
    queryClient,
  );
  const loading = (opts.enabled ?? true) && q.isPending;
  usePendingLoad(loading);
  const pages = q.data?.pages ?? [];
  const last = pages[pages.length - 1];
  return {
    items: pages.flatMap((p) => p.data) as P['data'],
    first: pages[0],
    total: last?.pageInfo.total ?? 0,
    hasMore: q.hasNextPage,
    loadMore: () => void q.fetchNextPage(),
    error: q.error,
    loading,
    reload: () => void q.refetch(),
  };
}

/**
 * After a change (apply, withdraw, post, delete): lists and answers under `pathPrefix` on screen load
 * again (resolves when they have), and those not on screen are dropped so no stale copy shows when
 * their page opens.
 */
export function refreshApi(pathPrefix: string): Promise<void> {
  const predicate = (q: Query) => String(q.queryKey[2] ?? '').startsWith(pathPrefix);
  queryClient.removeQueries({ predicate, type: 'inactive' });
  return queryClient.invalidateQueries({ predicate, refetchType: 'active' });
}
