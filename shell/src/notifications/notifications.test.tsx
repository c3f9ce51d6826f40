import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@platform/router';
import { useLanguage, useSession } from '@platform/shell-state';
import { registerNamespace } from '@platform/ui';
import { fakeApi, renderScreen, type ApiCall } from '@platform/ui/testing';
import { NotificationBell } from './NotificationBell';
import { NotificationsPage } from './NotificationsPage';
import { useInbox } from './inbox';

registerNamespace('shell', (lng) => import(`../locales/${lng}.json`));

const NOTICES = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'hire.application-decided',
    title: { en: 'Your application was accepted', sw: 'Ombi lako limekubaliwa', fr: 'Candidature acceptée' },
    body: { en: 'Come on Monday', sw: 'Njoo Jumatatu', fr: 'Venez lundi' },
    link: '/userdashboard',
    createdAt: '2026-11-20T08:00:00.000Z',
    readAt: null,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    kind: 'hire.job-alert',
    title: { en: 'New job: Nurse', sw: 'Kazi mpya: Muuguzi', fr: 'Nouvel emploi : Infirmier' },
    body: null,
    link: '/hire/33333333-3333-4333-8333-333333333333',
    createdAt: '2026-11-19T08:00:00.000Z',
    readAt: '2026-11-19T09:00:00.000Z',
  },
];

function inboxApi(state: { unread: number }) {
  return fakeApi((call: ApiCall) => {
    if (call.path.startsWith('/api/user/notifications/read')) {
      const body = call.body as { ids?: string[]; all?: boolean };
      state.unread = body.all ? 0 : Math.max(0, state.unread - (body.ids?.length ?? 0));
      return { body: { success: true, unread: state.unread } };
    }
    if (call.path.startsWith('/api/user/notifications'))
      return {
        body: {
          success: true,
          data: NOTICES,
          unread: state.unread,
          pageInfo: { page: 1, limit: 20, total: 2 },
        },
      };
    return { status: 404, body: {} };
  });
}

beforeEach(() => {
  useInbox.getState().reset();
  useSession.getState().signOut();
  useLanguage.getState().setLanguage('en');
});

it('shows nothing to a visitor and asks nothing of the server', async () => {
  const calls = inboxApi({ unread: 3 });
  await renderScreen(<NotificationBell />);
  expect(screen.queryByRole('link', { name: /notifications/i })).toBeNull();
  expect(calls).toEqual([]);
});

it('names the bell with the unread count, which a signed-in person follows to the page', async () => {
  inboxApi({ unread: 3 });
  act(() =>
    useSession
      .getState()
      .signIn('token', { id: 'u1', name: 'Amina', email: 'a@x.org', role: 'user', orgId: null }),
  );
  await renderScreen(
    <>
      <NotificationBell />
      <Routes>
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="*" element={null} />
      </Routes>
    </>,
  );
  const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
  expect(bell).toHaveAttribute('href', '/notifications');

  await userEvent.click(bell);
  expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
  const items = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(within(items[0]!).getByRole('link', { name: 'Your application was accepted' })).toHaveAttribute(
    'href',
    '/userdashboard',
  );
  expect(within(items[0]!).getByText('New')).toBeInTheDocument();
  expect(within(items[0]!).getByText('Come on Monday')).toBeInTheDocument();
  expect(within(items[1]!).queryByText('New')).toBeNull();
  // Opening the page marked the unread one read: the bell now counts the rest.
  expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
  expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
});

it('lists the notices in the page’s language', async () => {
  inboxApi({ unread: 1 });
  act(() =>
    useSession
      .getState()
      .signIn('token', { id: 'u1', name: 'Amina', email: 'a@x.org', role: 'user', orgId: null }),
  );
  await renderScreen(<NotificationsPage />, { path: '/notifications' });
  await act(async () => {
    useLanguage.getState().setLanguage('sw');
  });
  expect(await screen.findByRole('link', { name: 'Ombi lako limekubaliwa' })).toBeInTheDocument();
  expect(screen.getByText('Njoo Jumatatu')).toBeInTheDocument();
});
