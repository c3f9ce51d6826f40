import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** Reports one thing still loading to the region around it; returns what ends the report. */
type Report = () => () => void;
const PendingContext = createContext<Report | null>(null);

/**
 * Tells the `LoadingRegion` around the caller (if any) that it is still loading: its code (a Suspense
 * fallback) or its first answer (`@platform/data`'s hooks report theirs). Reported before the browser
 * paints (a layout effect), so a region never shows for one frame between one answer and the next call.
 */
export function usePendingLoad(pending: boolean): void {
  const report = useContext(PendingContext);
  useLayoutEffect(() => (report && pending ? report() : undefined), [report, pending]);
}

/** The reserved place of a region while it loads: a few grey blocks, not read out (the region is busy). */
function Skeleton({ label, blocks }: { label: string; blocks: number }) {
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: blocks }, (_, i) => (
        <div key={i} className="skeleton-block card" aria-hidden="true">
          <span className="skeleton-line skeleton-title" />
          <span className="skeleton-line" />
          <span className="skeleton-line skeleton-short" />
        </div>
      ))}
    </div>
  );
}

/**
 * A part of a page that appears whole. What is inside loads out of sight (its code through Suspense, its
 * data through `@platform/data`; each reports with `usePendingLoad`) while a skeleton holds the place,
 * with `aria-busy` on the region and only `label` read out; once nothing inside is loading, all of it
 * appears at once. So a widget that draws late, or grows as its answer arrives, never pushes what the
 * person already sees (layout shift). Once shown it stays shown: a later load (a filter, Show more)
 * shows where it happens.
 */
export function LoadingRegion({
  label,
  blocks = 3,
  className,
  children,
}: {
  /** What is loading, read out by screen readers while it does ("Loading your dashboard…"). */
  label: string;
  /** How many placeholder cards stand in while loading. */
  blocks?: number;
  className?: string;
  children: ReactNode;
}) {
  const pending = useRef(new Set<object>());
  // null until the region has mounted and every child has reported.
  const [count, setCount] = useState<number | null>(null);
  const [shown, setShown] = useState(false);
  const report = useCallback<Report>(() => {
    const token = {};
    pending.current.add(token);
    setCount(pending.current.size);
    return () => {
      pending.current.delete(token);
      setCount(pending.current.size);
    };
  }, []);
  // Runs after the children's own layout effects: what they reported on mount is in.
  useLayoutEffect(() => setCount(pending.current.size), []);
  if (!shown && count === 0) setShown(true);
  return (
    <div className={className ? `loading-region ${className}` : 'loading-region'} aria-busy={!shown}>
      {!shown && <Skeleton label={label} blocks={blocks} />}
      <div className="loading-region-content" hidden={!shown}>
        <PendingContext.Provider value={report}>{children}</PendingContext.Provider>
      </div>
    </div>
  );
}
