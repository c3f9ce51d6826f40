import { act, screen, within } from '@testing-library/react';
import { queryClient } from '@platform/data';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import '../shared/namespace';
import { ListingList } from './ListingList';

const clinic = { id: 'c1', name: 'Afya Clinic', email: 'c@example.org', role: 'Clinic' as const };
const day = 86_400_000;
const listing = (n: number, extra: Record<string, unknown>) => ({
  id: `20000000-0000-4000-8000-00000000000${n}`,
  paymentId: `30000000-0000-4000-8000-00000000000${n}`,
  boughtAt: '2026-11-20T06:00:00.000Z',
  expiresAt: '2026-11-27T06:00:00.000Z',
  usedAt: null,
  jobId: null,
  ...extra,
});
const answer = (items: unknown[]) =>
  fakeApi(() => ({
    body: { success: true, data: items, pageInfo: { page: 1, limit: 10, total: items.length } },
  }));

beforeEach(() => {
  useSession.getState().signIn('token', clinic);
  useLanguage.getState().setLanguage('en');
  queryClient.clear();
});

describe('the single job listings on /billing', () => {
  it('shows each listing bought, until when it runs, and the job it posted once Hire used it', async () => {
    const running = new Date(Date.now() + 3 * day).toISOString();
    const calls = answer([
      listing(1, {
        usedAt: '2026-11-21T09:00:00.000Z',
        jobId: '40000000-0000-4000-8000-000000000001',
      }),
      listing(2, { expiresAt: running }),
      listing(3, {}),
    ]);
    await renderScreen(<ListingList />, { path: '/billing' });
    const section = await screen.findByRole('region', { name: 'Single job listings' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(
      'Bought on 20 Nov 2026, runs until 27 Nov 2026 · used on 21 Nov 2026 for this job',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'this job' })).toHaveAttribute(
      'href',
      '/hire/40000000-0000-4000-8000-000000000001',
    );
    expect(rows[1]).toHaveTextContent('not used yet: your next job posting uses it');
    expect(rows[2]).toHaveTextContent('Bought on 20 Nov 2026, runs until 27 Nov 2026 · ended unused');
    expect(calls.map((c) => c.path)).toEqual(['/api/billing/listings?page=1&limit=10']);

    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('region', { name: 'Matangazo ya kazi ya mara moja' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'kazi hii' })).toBeInTheDocument();
  });

  it('shows nothing to a clinic that never bought one', async () => {
    const calls = answer([]);
    await renderScreen(<ListingList />, { path: '/billing' });
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
