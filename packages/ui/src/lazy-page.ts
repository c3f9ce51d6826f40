import { createElement, lazy, type ComponentType } from 'react';

/** A page component loaded on first use, which can also be loaded ahead (`preload`). */
export type LazyPage = ComponentType & { preload(): Promise<void> };

/**
 * `React.lazy` with `preload()`: once preloaded, the page renders at once instead of suspending. The shell
 * preloads the page a prerendered HTML shows before hydrating it, so hydration never stops at it.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(load);
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, {
    preload: () =>
      load().then((m) => {
        loaded = m.default;
      }),
  });
}
