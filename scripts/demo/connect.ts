import { CONNECTIONS, DISCUSSIONS } from './data';
import type { DemoAccounts } from './accounts';
import { DemoError, type DemoClient, type Log } from './client';

/**
 * svc-connect learns of new accounts from identity's events, a moment after they register: a call about a
 * person it does not know yet answers 404 or 401, so it is tried again for a few seconds.
 */
async function once<T>(call: () => Promise<T>, seconds = 15): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof DemoError) || !/answered 40[14]/.test(err.message) || Date.now() > until)
        throw err;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

interface Listed {
  id: string;
  title: string;
}

/**
 * Connections (accepted, and one still pending) between accounts this load registered, and Public
 * discussions with replies and likes. A discussion already listed (same title) is skipped with its replies.
 */
export async function loadConnect(
  client: DemoClient,
  accounts: DemoAccounts,
  log: Log,
): Promise<{ connections: number; discussions: number }> {
  let connections = 0;
  for (const [from, to, outcome] of CONNECTIONS) {
    if (!accounts.get(from).fresh) continue;
    const { body } = await once(async () =>
      client.call<{ data: { id: string } }>('POST', '/api/connect/requests', {
        token: await accounts.token(from),
        body: { userId: accounts.get(to).id },
      }),
    );
    if (outcome === 'accepted') {
      await client.call('PATCH', `/api/connect/requests/${body.data.id}`, {
        token: await accounts.token(to),
        body: { status: 'accepted' },
      });
    }
    connections++;
  }

  const listed = await client.all<Listed>('/api/discussion/get');
  let discussions = 0;
  for (const d of DISCUSSIONS) {
    if (listed.some((l) => l.title === d.title)) continue;
    const { body } = await once(async () =>
      client.call<{ data: { id: string } }>('POST', '/api/discussion/add', {
        token: await accounts.token(d.author),
        body: { title: d.title, content: d.content, category: d.category, visibility: 'Public' },
      }),
    );
    for (const r of d.replies) {
      await once(async () =>
        client.call('POST', `/api/discussion/${body.data.id}/replies`, {
          token: await accounts.token(r.who),
          body: { content: r.content },
        }),
      );
    }
    for (const who of d.likes) {
      await once(async () =>
        client.call('POST', `/api/discussion/${body.data.id}/like`, { token: await accounts.token(who) }),
      );
    }
    discussions++;
  }
  log(`demo: ${connections} connection requests and ${discussions} discussions added`);
  return { connections, discussions };
}
