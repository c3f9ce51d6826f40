import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import type { BlogPost } from '../../api';
import { UNAVAILABLE, resetSession } from '../../test/fixtures';
import BlogPage from './BlogPage';

beforeEach(resetSession);

const POST: BlogPost = {
  id: '5a1c0e2d-0000-4000-8000-000000000001',
  _id: '5a1c0e2d-0000-4000-8000-000000000001',
  name: 'Task shifting in rural clinics',
  data: '<p>Nurses in <strong>Kisumu</strong> now lead triage.</p>',
  slug: 'task-shifting-in-rural-clinics',
  status: 'published',
  createdAt: '2026-11-01T08:00:00.000Z',
  date: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
  publishedAt: '2026-11-01T08:00:00.000Z',
};
const DRAFT: BlogPost = {
  ...POST,
  id: '5a1c0e2d-0000-4000-8000-000000000002',
  _id: '5a1c0e2d-0000-4000-8000-000000000002',
  name: 'NHIF changes',
  slug: 'nhif-changes',
  status: 'draft',
  publishedAt: null,
};

function blogApi(posts: BlogPost[] = [POST, DRAFT]) {
  return fakeApi((call) => {
    if (call.method !== 'GET') return { body: { success: true, blog: POST } };
    if (call.path.includes('/versions'))
      return {
        body: {
          success: true,
          data: [
            {
              version: 2,
              name: POST.name,
              data: POST.data,
              status: 'published',
              savedAt: '2026-11-20T09:30:00.000Z',
              savedBy: null,
            },
            {
              version: 1,
              name: 'Task shifting',
              data: '<p>First</p>',
              status: 'draft',
              savedAt: '2026-11-01T08:00:00.000Z',
              savedBy: null,
            },
          ],
        },
      };
    return {
      body: {
        success: true,
        data: posts,
        pageInfo: { page: 1, limit: 10, total: posts.length },
        stats: {
          total: posts.length,
          lastUpdated: posts.length ? POST.updatedAt : null,
          recentlyEdited: posts.length,
        },
      },
    };
  });
}

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('Blog and news', () => {
  it("shows the spec's tiles and the posts, drafts marked, with a plain-text preview", async () => {
    blogApi();
    await renderScreen(<BlogPage />, { path: '/admin/blog' });
    const card = await screen.findByRole('article', { name: POST.name });
    expect(tile('Total blogs')).toHaveTextContent('2');
    expect(tile('Last updated')).toHaveTextContent('20 Nov 2026');
    expect(tile('Recently edited')).toHaveTextContent('2');
    expect(card).toHaveTextContent('Nurses in Kisumu now lead triage.');
    expect(within(card).getByRole('link', { name: 'View on the site' })).toHaveAttribute(
      'href',
      `/blog/${POST.slug}`,
    );
    const draft = screen.getByRole('article', { name: DRAFT.name });
    expect(draft).toHaveTextContent('Draft');
    expect(within(draft).queryByRole('link')).not.toBeInTheDocument();
  });

  it('writes a draft in the New blog modal, refusing empty fields first', async () => {
    const calls = blogApi();
    await renderScreen(<BlogPage />, { path: '/admin/blog' });
    await userEvent.click(await screen.findByRole('button', { name: 'New blog' }));
    const dialog = screen.getByRole('dialog', { name: 'New blog' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create blog' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'CPD in 2027');
    // The content's error leaves once it is written (useForm), in the rich-text editor as anywhere.
    const content = within(dialog).getByRole('textbox', { name: /Content/ });
    expect(content).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(content);
    await userEvent.keyboard('Fifty points');
    await waitFor(() => expect(content).not.toHaveAttribute('aria-invalid'));
    expect(within(dialog).getByRole('region', { name: 'Preview of the post' })).toHaveTextContent(
      'Fifty points',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('draft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create blog' }));
    expect(await screen.findByText('“CPD in 2027” created.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/blog/add',
      body: { name: 'CPD in 2027', data: '<p>Fifty points</p>', status: 'draft' },
    });
  });

  it('publishes a draft from the Edit blog modal', async () => {
    const calls = blogApi();
    await renderScreen(<BlogPage />, { path: '/admin/blog' });
    await userEvent.click(await screen.findByRole('button', { name: `Edit “${DRAFT.name}”` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit blog' });
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue(DRAFT.name);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Published');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update blog' }));
    expect(await screen.findByText(`“${DRAFT.name}” updated.`)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/api/blog/update/${DRAFT.id}`,
      body: { name: DRAFT.name, data: DRAFT.data, status: 'published' },
    });
  });

  it('lists the versions and restores an earlier one', async () => {
    const calls = blogApi();
    await renderScreen(<BlogPage />, { path: '/admin/blog' });
    await userEvent.click(await screen.findByRole('button', { name: `Versions of “${POST.name}”` }));
    const dialog = screen.getByRole('dialog', { name: `Versions of “${POST.name}”` });
    expect(await within(dialog).findByText('Task shifting')).toBeInTheDocument();
    expect(within(dialog).getByText('Current')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
    expect(await screen.findByText('Version 1 restored.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.path).toBe(`/api/blog/${POST.id}/versions/1/restore`);
  });

  it('deletes a post after asking, and shows "Failed to delete blog" when refused', async () => {
    let refuse = true;
    const calls = fakeApi((call) => {
      if (call.method === 'DELETE')
        return refuse
          ? { status: 500, body: { success: false } }
          : { body: { success: true, message: 'ok' } };
      return {
        body: {
          success: true,
          data: [POST],
          pageInfo: { page: 1, limit: 10, total: 1 },
          stats: { total: 1, lastUpdated: null, recentlyEdited: 0 },
        },
      };
    });
    await renderScreen(<BlogPage />, { path: '/admin/blog' });
    await userEvent.click(await screen.findByRole('button', { name: `Delete “${POST.name}”` }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete blog');
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`“${POST.name}” deleted.`)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2));
  });

  it('shows "No blogs found" with Create blog, and the failure while svc-content is not running', async () => {
    blogApi([]);
    const view = await renderScreen(<BlogPage />, { path: '/admin/blog' });
    expect(await screen.findByText('No blogs found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create blog' })).toBeInTheDocument();
    view.unmount();
    resetSession();
    fakeApi(() => UNAVAILABLE);
    await renderScreen(<BlogPage />, { path: '/admin/blog' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch blogs');
  });
});
