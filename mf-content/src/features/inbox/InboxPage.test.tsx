import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import type { InboxItem } from '../../api';
import { CONTACT, UNAVAILABLE, page, resetSession } from '../../test/fixtures';
import InboxPage from './InboxPage';

beforeEach(resetSession);

const DEMO: InboxItem = {
  ...CONTACT,
  id: 'd1',
  kind: 'demo',
  name: 'Dr. Achieng Otieno',
  email: 'achieng@kisumu.example',
  message: '',
  organization: 'Kisumu Rehab Centre',
  facilityType: 'Rehab Center',
  phone: null,
  preferredDate: '2026-12-02',
  preferredTime: '10:00',
  readAt: '2026-11-21T08:00:00.000Z',
};

describe('the inbox', () => {
  it('lists contact messages and demo requests with their fields, unread marked, and filters by kind', async () => {
    const calls = fakeApi((call) => (call.path.includes('kind=demo') ? page([DEMO]) : page([CONTACT, DEMO])));
    await renderScreen(<InboxPage />, { path: '/admin/inbox' });
    const message = await screen.findByRole('article', { name: 'Message from Baraka Otieno' });
    expect(message).toHaveTextContent('Unread');
    expect(message).toHaveTextContent('Do you support mobile clinics?');
    const demo = screen.getByRole('article', { name: 'Demo request from Dr. Achieng Otieno' });
    expect(demo).not.toHaveTextContent('Unread');
    expect(within(demo).getByText('Organisation').nextElementSibling).toHaveTextContent(
      'Kisumu Rehab Centre',
    );
    expect(within(demo).getByText('Phone').nextElementSibling).toHaveTextContent('N/A');
    expect(within(demo).getByText('Facility type').nextElementSibling).toHaveTextContent('Rehab centre');
    expect(within(demo).getByText('Preferred date and time').nextElementSibling).toHaveTextContent(
      '2 Dec 2026, 10:00',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Demo requests');
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain('/api/content/inbox?kind=demo&page=1&limit=20'),
    );
    expect(await screen.findByText('1 message')).toBeInTheDocument();
  });

  it('marks a message read, and handled (which reads it too)', async () => {
    const calls = fakeApi((call) =>
      call.method === 'PATCH' ? { body: { success: true, message: 'ok' } } : page([CONTACT]),
    );
    await renderScreen(<InboxPage />, { path: '/admin/inbox' });
    const message = await screen.findByRole('article', { name: 'Message from Baraka Otieno' });
    await userEvent.click(within(message).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('Marked as read: Baraka Otieno.')).toBeInTheDocument();
    await userEvent.click(within(message).getByRole('button', { name: 'Mark as handled' }));
    expect(await screen.findByText('Marked as handled: Baraka Otieno.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/api/content/inbox/c1', { read: true }],
      ['/api/content/inbox/c1', { handled: true, read: true }],
    ]);
  });

  it('says "more than" when the inbox holds more than it counts, and pages on without a last page', async () => {
    fakeApi(() => ({
      body: {
        success: true,
        data: [CONTACT],
        pageInfo: { page: 1, limit: 20, total: 100, totalCapped: true },
      },
    }));
    await renderScreen(<InboxPage />, { path: '/admin/inbox' });
    expect(await screen.findByText('More than 100 messages')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages of the inbox' });
    expect(pager).toHaveTextContent('Page 1');
    expect(pager).not.toHaveTextContent(/of \d/);
  });

  it('says the inbox could not be loaded while svc-content is not running', async () => {
    fakeApi(() => UNAVAILABLE);
    await renderScreen(<InboxPage />, { path: '/admin/inbox' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load the inbox: This part of AfyaHR is temporarily unavailable.',
    );
  });
});
