import { useStore, type StoreApi, type UseBoundStore } from 'zustand';

/**
 * A hook for a vanilla store, as zustand's `create` makes it, with the store itself kept reachable: its
 * `getInitialState` is what React reads while hydrating (`settleFirstRender`), and `create`'s hook only
 * holds a copy of it.
 */
export function bound<S extends StoreApi<unknown>>(api: S): UseBoundStore<S> {
  const hook = ((selector?: (state: unknown) => unknown) =>
    useStore(api, selector as never)) as UseBoundStore<S>;
  return Object.assign(hook, api);
}
