import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@platform/shell-state';
import { LoadingRegion } from '@platform/ui';
import { deferred, fakeApi, type ApiAnswer } from '@platform/ui/testing';
import { endpoint, queryClient, refreshApi, useApiPages, useApiQuery } from './index';

function Answer({ path }: { path: string | null }) {
  const q = useApiQuery(path === null ? null : endpoint<{ name: string }>(path));
  if (q.loading) return <p>loading</p>;
  if (q.error) return <p role="alert">{q.error.message}</p>;
  return <p>answer: {q.data?.name ?? 'none'}</p>;
}

/** Time for every pending answer and render to land (the cache tells React on a timer). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  queryClient.clear();
  useSession.getState().signOut();
});

describe('useApiQuery', () => {
  it('aborts the request a page no longer shows, and a late answer never replaces the current one', async () => {
    const first = deferred<ApiAnswer>();
    const calls = fakeApi(({ path }) =>
      path === '/api/job/get?page=1' ? first.promise : { body: { name: 'page two' } },
    );
    const { rerender } = render(<Answer path="/api/job/get?page=1" />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    rerender(<Answer path="/api/job/get?page=2" />);
    expect(await screen.findByText('answer: page two')).toBeInTheDocument();
    expect(calls[0]!.signal?.aborted).toBe(true);

    await act(async () => {
      first.resolve({ body: { name: 'page one' } });
      await settled();
    });
    expect(screen.getByText('answer: page two')).toBeInTheDocument();
    expect(screen.queryByText('answer: page one')).not.toBeInTheDocument();
  });

  it("shows the server's message when the answer is an error, and loads nothing without a path", async () => {
    const calls = fakeApi(() => ({ status: 404, body: { message: 'This job is no longer available.' } }));
    const { rerender } = render(<Answer path={null} />);
    expect(screen.getByText('answer: none')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    rerender(<Answer path="/api/job/0b7e" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This job is no longer available.');
  });

  it("never shows one account's answers to the next person signed in", async () => {
    let name = 'Amina';
    fakeApi(() => ({ body: { name } }));
    act(() =>
      useSession.getState().signIn('t1', { id: 'u1', name: 'Amina', email: 'a@x.example', role: 'user' }),
    );
    const { unmount } = render(<Answer path="/api/user/me" />);
    expect(await screen.findByText('answer: Amina')).toBeInTheDocument();
    unmount();

    name = 'Baraka';
    act(() =>
      useSession.getState().signIn('t2', { id: 'u2', name: 'Baraka', email: 'b@x.example', role: 'user' }),
    );
    render(<Answer path="/api/user/me" />);
    expect(screen.queryByText('answer: Amina')).not.toBeInTheDocument();
    expect(await screen.findByText('answer: Baraka')).toBeInTheDocument();
  });

  it('loads what is on screen again after a change (refreshApi)', async () => {
    let count = 1;
    fakeApi(() => ({ body: { name: `${count} applications` } }));
    render(<Answer path="/api/application/get" />);
    expect(await screen.findByText('answer: 1 applications')).toBeInTheDocument();
    count = 2;
    await act(() => refreshApi('/api/application'));
    expect(await screen.findByText('answer: 2 applications')).toBeInTheDocument();
  });
});

function Applicants() {
  const list = useApiPages<{ data: string[]; pageInfo: { total: number } }>((page) =>
    endpoint(`/api/application/get?page=${page}&limit=2`),
  );
  if (list.loading) return <p>loading</p>;
  return (
    <>
      <ul>
        {list.items.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      {list.hasMore && <button onClick={list.loadMore}>Show more</button>}
    </>
  );
}

describe('useApiPages', () => {
  it('adds the next page on Show more until every item is there', async () => {
    const people = ['Amina', 'Baraka', 'Chebet'];
    const calls = fakeApi(({ path }) => {
      const page = Number(new URL(path, 'http://x').searchParams.get('page'));
      return { body: { data: people.slice((page - 1) * 2, page * 2), pageInfo: { total: 3 } } };
    });
    render(<Applicants />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Chebet')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(people);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual([
      '/api/application/get?page=1&limit=2',
      '/api/application/get?page=2&limit=2',
    ]);
  });
});

/** A widget whose second call waits for its first answer (a waterfall), beside one that fails. */
function Profile() {
  const me = useApiQuery(endpoint<{ name: string }>('/api/user/me'));
  return (
    <section>
      <h2>Profile</h2>
      {me.data && <Jobs of={me.data.name} />}
    </section>
  );
}
function Jobs({ of }: { of: string }) {
  const jobs = useApiQuery(endpoint<{ name: string }>(`/api/job/of/${of}`));
  return <p>{jobs.data?.name}</p>;
}
function Broken() {
  const q = useApiQuery(endpoint<{ name: string }>('/api/broken'));
  return q.error ? <p role="alert">{q.error.message}</p> : null;
}

describe('a LoadingRegion around what loads data', () => {
  it('shows a busy skeleton until every answer is in, the one asked after the first too, then all at once', async () => {
    const me = deferred<ApiAnswer>();
    const jobs = deferred<ApiAnswer>();
    fakeApi(({ path }) =>
      path === '/api/user/me'
        ? me.promise
        : path === '/api/broken'
          ? { status: 503, body: { message: 'Events is temporarily unavailable.' } }
          : jobs.promise,
    );
    const { container } = render(
      <LoadingRegion label="Loading your dashboard…">
        <Profile />
        <Broken />
      </LoadingRegion>,
    );
    const region = container.querySelector('.loading-region')!;
    const busy = () => {
      expect(region).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard…');
      expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    };
    busy();
    await act(async () => {
      me.resolve({ body: { name: 'amina' } });
      await settled();
    });
    // The first answer asked for the second: still out of sight.
    busy();
    await act(async () => {
      jobs.resolve({ body: { name: 'Night nurse, Kisumu' } });
      await settled();
    });
    expect(region).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeVisible();
    expect(screen.getByText('Night nurse, Kisumu')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Events is temporarily unavailable.');
  });
});
