import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@platform/router';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { resetSession } from '../../test/fixtures';
import BlogPage from './BlogPage';
import BlogPostPage from './BlogPostPage';

beforeEach(resetSession);

const post = (n: number, over: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Post ${n}`,
  data: `<p>Text of post ${n}</p>`,
  slug: `post-${n}`,
  status: 'published',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  publishedAt: '2026-11-20T08:00:00.000Z',
  ...over,
});

const pages = (
  <Routes>
    <Route path="/blog" element={<BlogPage />} />
    <Route path="/blog/:slug" element={<BlogPostPage />} />
  </Routes>
);

describe('/blog', () => {
  it('lists published posts with a text preview, pages them, and opens one', async () => {
    const calls = fakeApi((call) =>
      call.path.startsWith('/api/blog/get')
        ? {
            body: {
              success: true,
              data: [
                post(1, {
                  data: '<p>Renewing a <strong>licence</strong> is easier early.</p><ul><li>CPD</li></ul>',
                }),
                post(2),
              ],
              pageInfo: { page: 1, limit: 10, total: 12 },
            },
          }
        : { body: { success: true, blog: post(1, { data: '<h3>Steps</h3><p>Plan <em>early</em>.</p>' }) } },
    );
    await renderScreen(pages, { path: '/blog' });
    expect(await screen.findByText('12 posts')).toBeInTheDocument();
    expect(screen.getByText('Renewing a licence is easier early. CPD')).toBeInTheDocument();
    expect(document.title).toBe('Blog and news — AfyaHR');
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(calls.at(-1)!.path).toBe('/api/blog/get?page=2&limit=10');

    await userEvent.click(screen.getByRole('link', { name: 'Post 1' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Steps' })).toBeInTheDocument();
    expect(calls.at(-1)!.path).toBe('/api/blog/posts/post-1');
    expect(document.title).toBe('Post 1 — AfyaHR');
  });

  it('says what AfyaHR is beside the posts: a card per module leading to its page, a demo and the features', async () => {
    fakeApi(() => ({ body: { success: true, data: [], pageInfo: { page: 1, limit: 10, total: 0 } } }));
    await renderScreen(pages, { path: '/blog' });
    await act(() => i18next.changeLanguage('sw'));
    const product = await screen.findByRole('region', { name: 'AfyaHR kwa ufupi' });
    const cards = within(product).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('link').getAttribute('href'))).toEqual([
      '/core',
      '/hire',
      '/event',
      '/connect',
    ]);
    expect(within(product).getByRole('button', { name: 'Omba onyesho' })).toBeInTheDocument();
    expect(within(product).getByRole('link', { name: 'Gundua vipengele' })).toHaveAttribute('href', '/');
  });

  it('says so when there are no posts yet', async () => {
    fakeApi(() => ({ body: { success: true, data: [], pageInfo: { page: 1, limit: 10, total: 0 } } }));
    await renderScreen(pages, { path: '/blog' });
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
  });

  it('renders a post’s HTML sanitised again, and says when a post is not there', async () => {
    fakeApi((call) =>
      call.path.endsWith('/evil')
        ? {
            body: {
              success: true,
              blog: post(3, {
                slug: 'evil',
                data: '<p>Hi<img src=x onerror="alert(1)"><script>alert(2)</script></p>',
              }),
            },
          }
        : { status: 404, body: { success: false, message: 'This blog post could not be found.' } },
    );
    const { container } = await renderScreen(pages, { path: '/blog/evil' });
    expect(await screen.findByText('Hi')).toBeInTheDocument();
    expect(container.querySelector('script, [onerror]')).toBeNull();

    await renderScreen(pages, { path: '/blog/gone' });
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
  });
});
