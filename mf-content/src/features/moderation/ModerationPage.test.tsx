import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import type { ModerationItem } from '../../api';
import { UNAVAILABLE, page, resetSession } from '../../test/fixtures';
import ModerationPage from './ModerationPage';

beforeEach(resetSession);

const FLAGGED: ModerationItem = {
  id: 'm1',
  subject: { module: 'connect', kind: 'discussion', id: '9c1d0e2f-0000-4000-8000-000000000009' },
  title: 'Cheap licences here',
  excerpt: 'Buy a practising licence without the exam…',
  authorName: 'Spam Account',
  flags: 3,
  reasons: ['Spam', 'Fraud'],
  flaggedAt: '2026-11-22T10:00:00.000Z',
};

describe('the moderation queue', () => {
  it('shows each flagged post and sends a decision after asking', async () => {
    const calls = fakeApi((call) =>
      call.method === 'POST' ? { body: { success: true, message: 'ok' } } : page([FLAGGED]),
    );
    await renderScreen(<ModerationPage />, { path: '/admin/moderation' });
    const post = await screen.findByRole('article', { name: 'Cheap licences here' });
    expect(post).toHaveTextContent('By Spam Account · flagged 3 times');
    expect(post).toHaveTextContent('Reasons given: Spam · Fraud');
    expect(screen.getByText('1 post waiting')).toBeInTheDocument();

    await userEvent.click(within(post).getByRole('button', { name: 'Delete “Cheap licences here”' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(post).getByRole('button', { name: 'Keep hidden: “Cheap licences here”' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep hidden' }));
    expect(await screen.findByText('“Cheap licences here” stays hidden.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/content/moderation/m1/decision',
      body: { decision: 'hide' },
    });
  });

  it('shows a refused decision inside the dialog', async () => {
    fakeApi((call) =>
      call.method === 'POST'
        ? { status: 409, body: { success: false, code: 'request.conflict', message: 'decided' } }
        : page([FLAGGED]),
    );
    await renderScreen(<ModerationPage />, { path: '/admin/moderation' });
    const post = await screen.findByRole('article', { name: 'Cheap licences here' });
    await userEvent.click(within(post).getByRole('button', { name: 'Restore “Cheap licences here”' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore this post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This has changed in the meantime. Please reload and try again.',
    );
  });

  it('says when nothing waits, and when the queue cannot be loaded', async () => {
    fakeApi(() => page([]));
    const view = await renderScreen(<ModerationPage />, { path: '/admin/moderation' });
    expect(await screen.findByText('Nothing is waiting for a decision.')).toBeInTheDocument();
    view.unmount();
    resetSession();
    fakeApi(() => UNAVAILABLE);
    await renderScreen(<ModerationPage />, { path: '/admin/moderation' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the moderation queue');
  });
});
