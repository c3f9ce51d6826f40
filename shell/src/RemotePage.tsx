import { use } from 'react';
import { Isolated } from './Isolated';
import { forgetModule, remoteRoutes } from './remotes';

function Page({ remote, path }: { remote: string; path: string }) {
  // The routes module is loaded once per remote (cached promise); the page itself is the remote's lazy chunk.
  const routes = use(remoteRoutes(remote));
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`${remote} does not serve ${path}`);
  return <route.Component />;
}

/** One page of a remote: loaded on demand, isolated so its failure never takes the rest of the site down. */
export function RemotePage({ remote, path }: { remote: string; path: string }) {
  return (
    <Isolated forget={() => forgetModule(remote)}>
      <Page remote={remote} path={path} />
    </Isolated>
  );
}
