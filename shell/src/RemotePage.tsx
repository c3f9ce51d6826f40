import { Component, Suspense, use, useState, type ReactNode } from 'react';
import { Button, Spinner, useTranslation } from '@platform/ui';
import { forgetRemote, remoteRoutes } from './remotes';

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

function Unavailable({ retry }: { retry(): void }) {
  const { t } = useTranslation('shell');
  return (
    <section className="container section center" aria-labelledby="unavailable-title">
      <h1 id="unavailable-title">{t('remote.unavailableTitle')}</h1>
      <p>{t('remote.unavailableText')}</p>
      <Button onClick={retry}>{t('remote.retry')}</Button>
    </section>
  );
}

function Loading() {
  const { t } = useTranslation('ui');
  return <Spinner label={t('loading')} />;
}

function Page({ remote, path }: { remote: string; path: string }) {
  // The routes module is loaded once per remote (cached promise); the page itself is the remote's lazy chunk.
  const routes = use(remoteRoutes(remote));
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`${remote} does not serve ${path}`);
  return <route.Component />;
}

/** One page of a remote: loaded on demand, isolated so its failure never takes the rest of the site down. */
export function RemotePage({ remote, path }: { remote: string; path: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <Boundary
      key={attempt}
      onRetry={() => {
        forgetRemote(remote);
        setAttempt((n) => n + 1);
      }}
      fallback={(retry) => <Unavailable retry={retry} />}
    >
      <Suspense fallback={<Loading />}>
        <Page remote={remote} path={path} />
      </Suspense>
    </Boundary>
  );
}
