import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@platform/router';
import { currentUrl, fakeApi, renderScreen, type ApiCall } from '@platform/ui/testing';
import { AMINA, DISCUSSION, REPLY, resetSession, signIn } from '../../test/fixtures';
import DiscussionPage from './DiscussionPage';

const PATH = `/connect/discussions/${DISCUSSION.id}`;
const page = (
  <Routes>
    <Route path="/connect/discussions/:id" element={<DiscussionPage />} />
    <Route path="*" element={<p>elsewhere</p>} />
  </Routes>
);

/** svc-connect with one discussion, as `state` says it is now; `write` answers the changes. */
function service(
  state: { d: typeof DISCUSSION },
  write: (call: ApiCall) => { status?: number; body?: unknown },
) {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path.startsWith(`/api/discussion/${DISCUSSION.id}/replies`))
      return { body: { success: true, data: [REPLY], pageInfo: { page: 1, limit: 50, total: 1 } } };
    if (call.method === 'GET' && call.path.startsWith(`/api/discussion/${DISCUSSION.id}`))
      return {
        body: {
          success: true,
          data: { ...state.d, replies: [REPLY] },
          repliesPageInfo: { page: 1, limit: 50, total: 1 },
        },
      };
    return write(call);
  });
}

beforeEach(resetSession);

describe('a discussion', () => {
  it("shows only the server's sanitised HTML, its facts and replies, and titles the page", async () => {
    signIn(AMINA);
    const d = {
      ...DISCUSSION,
      content: '<script>alert(1)</script> **oxygen**',
      contentHtml: '<p>&lt;script&gt;alert(1)&lt;/script&gt; <strong>oxygen</strong></p>',
      visibility: 'Role-Based' as const,
    };
    service({ d }, () => ({ status: 404 }));
    await renderScreen(page, { path: PATH });
    expect(await screen.findByRole('heading', { level: 1, name: DISCUSSION.title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${DISCUSSION.title} — AfyaHR`));
    const post = screen.getByRole('article', { name: DISCUSSION.title });
    expect(within(post).getByText('oxygen').tagName).toBe('STRONG');
    expect(post).toHaveTextContent('<script>alert(1)</script>');
    expect(post.querySelector('script')).toBeNull();
    expect(post).not.toHaveTextContent('**oxygen**');
    expect(post).toHaveTextContent('Role-based');
    expect(screen.getByRole('heading', { name: '1 reply' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Reply by Amina Wanjiru' })).toHaveTextContent(
      'We use the county workshop.',
    );
  });

  it('likes and unlikes, showing the count; reports once with a reason', async () => {
    signIn(AMINA);
    const state = { d: { ...DISCUSSION } };
    const calls = service(state, (call) => {
      if (call.path.endsWith('/like')) {
        const liked = !state.d.liked;
        state.d = { ...state.d, liked, likeCount: state.d.likeCount + (liked ? 1 : -1) };
        return { body: { success: true, data: { liked, likeCount: state.d.likeCount } } };
      }
      if (call.path.endsWith('/flags')) {
        state.d = { ...state.d, flagged: true };
        return { status: 201, body: { success: true, message: 'ok' } };
      }
      return { status: 404 };
    });
    await renderScreen(page, { path: PATH });
    const like = await screen.findByRole('button', { name: 'Like · 2' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    expect(await screen.findByRole('button', { name: 'Liked · 3' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Liked · 3' }));
    expect(await screen.findByRole('button', { name: 'Like · 2' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this discussion' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Advertising');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('You reported this discussion.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/flags'))?.body).toEqual({ reason: 'Advertising' });
  });

  it('posts a reply, and lets the author edit and delete their own post after asking', async () => {
    signIn(AMINA);
    const state = { d: { ...DISCUSSION, mine: true } };
    const calls = service(state, (call) => {
      if (call.method === 'POST' && call.path.endsWith('/replies'))
        return { status: 201, body: { success: true, data: REPLY } };
      if (call.method === 'PATCH') {
        state.d = { ...state.d, title: 'Oxygen concentrators: who services them?' };
        return { body: { success: true, data: state.d } };
      }
      if (call.method === 'DELETE') return { body: { success: true, message: 'Deleted' } };
      return { status: 404 };
    });
    await renderScreen(page, { path: PATH });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Your reply'), 'Thanks, *noted*.');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Reply posted.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/replies') && c.method === 'POST')?.body).toEqual({
      content: 'Thanks, *noted*.',
    });
    expect(screen.getByLabelText('Your reply')).toHaveValue('');

    const post = screen.getByRole('article', { name: DISCUSSION.title });
    await userEvent.click(within(post).getByRole('button', { name: 'Edit' }));
    const edit = screen.getByRole('dialog', { name: 'Edit discussion' });
    expect(within(edit).getByLabelText('Content')).toHaveValue(DISCUSSION.content);
    await userEvent.clear(within(edit).getByLabelText('Title'));
    await userEvent.type(within(edit).getByLabelText('Title'), 'Oxygen concentrators: who services them?');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oxygen concentrators: who services them?' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      title: 'Oxygen concentrators: who services them?',
      category: DISCUSSION.category,
      content: DISCUSSION.content,
    });

    await userEvent.click(
      within(screen.getByRole('article', { name: /Oxygen/ })).getByRole('button', { name: 'Delete' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Delete this discussion?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentUrl()).toBe('/connect/discussions'));
  });

  it('shows replies 50 at a time, the next with "Show more replies"', async () => {
    signIn(AMINA);
    const replies = (page: number) =>
      Array.from({ length: page === 1 ? 50 : 1 }, (_, i) => ({
        ...REPLY,
        id: `r-${page}-${i}`,
        contentHtml: `<p>Reply ${page}.${i}</p>`,
      }));
    const calls = fakeApi((call) => {
      const m = /\/replies\?page=(\d+)&limit=50$/.exec(call.path);
      if (m)
        return {
          body: {
            success: true,
            data: replies(Number(m[1])),
            pageInfo: { page: Number(m[1]), limit: 50, total: 51 },
          },
        };
      return {
        body: {
          success: true,
          data: { ...DISCUSSION, replies: [] },
          repliesPageInfo: { page: 1, limit: 1, total: 51 },
        },
      };
    });
    await renderScreen(page, { path: PATH });
    expect(await screen.findByRole('heading', { name: '51 replies' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article', { name: /^Reply by/ })).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Show more replies' }));
    expect(await screen.findByText('Reply 2.0')).toBeInTheDocument();
    expect(screen.getAllByRole('article', { name: /^Reply by/ })).toHaveLength(51);
    expect(screen.queryByRole('button', { name: 'Show more replies' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(`/api/discussion/${DISCUSSION.id}/replies?page=2&limit=50`);
  });

  it('asks a visitor to log in to read it', async () => {
    fakeApi(() => ({ status: 401, body: { success: false, message: 'x', code: 'connect.login_to_read' } }));
    await renderScreen(page, { path: PATH });
    expect(await screen.findByText('Please log in to read this discussion.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(PATH)}`,
    );
  });

  it('says "Discussion not found" to a member who may not read it', async () => {
    signIn(AMINA);
    fakeApi(() => ({
      status: 404,
      body: { success: false, message: 'x', code: 'connect.discussion_not_found' },
    }));
    await renderScreen(page, { path: PATH });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Discussion not found' }),
    ).toBeInTheDocument();
  });
});
