import { Component, Suspense, useState, type ReactNode } from 'react';
import { Button, Spinner, usePendingLoad, useTranslation } from '@platform/ui';

class Boundary extends Component<
  { fallback: (retry: () => void) => ReactNode; onRetry(): void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('remote failed', error);
  }
  override render() {
    if (this.state.failed)
      return this.props.fallback(() => {
        this.setState({ failed: false });
        this.props.onRetry();
      });
    return this.props.children;
  }
}

function Unavailable({ retry, compact }: { retry(): void; compact: boolean }) {
  const { t } = useTranslation('shell');
  const Heading = compact ? 'h2' : 'h1';
  return (
    <section className={compact ? 'card center' : 'container section center'} role="status">
      <Heading>{t('remote.unavailableTitle')}</Heading>
      <p>{t('remote.unavailableText')}</p>
      <Button onClick={retry}>{t('remote.retry')}</Button>
    </section>
  );
}

function Loading() {
  const { t } = useTranslation('ui');
  // A LoadingRegion around it (a composed page's widgets) waits for this code.
  usePendingLoad(true);
  return <Spinner label={t('loading')} />;
}

/**
 * Remote code behind an error boundary and Suspense: its failure shows "temporarily unavailable" with
 * Try again (which forgets the failed load) and never takes the rest of the page down.
 */
export function Isolated({
  forget,
  compact = false,
  children,
}: {
  forget(): void;
  /** Inside a page (a widget) rather than the whole page. */
  compact?: boolean;
  children: ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  return (
    <Boundary
      key={attempt}
      onRetry={() => {
        forget();
        setAttempt((n) => n + 1);
      }}
      fallback={(retry) => <Unavailable retry={retry} compact={compact} />}
    >
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </Boundary>
  );
}
