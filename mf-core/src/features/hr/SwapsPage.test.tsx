import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import SwapsPage from './SwapsPage';
import UserCore from './UserCore';

beforeEach(resetSession);
afterEach(async () => {
  window.innerWidth = 1024;
  await act(async () => useLanguage.getState().setLanguage('en'));
});

const AMINA_STAFF = '7b0c1f7e-3333-4a3b-9c1d-000000000001';
const BEATRICE_STAFF = '7b0c1f7e-3333-4a3b-9c1d-000000000002';
const SWAP = '7b0c1f7e-9999-4a3b-9c1d-000000000001';
const ASSIGNMENT = '7b0c1f7e-8888-4a3b-9c1d-000000000001';
const page = (data: unknown[]) => ({
  body: { success: true, data, pageInfo: { page: 1, limit: 20, total: data.length } },
});
const ok = (data: unknown) => ({ body: { success: true, data } });

/** Amina's night on 4 March, offered; `takenBy` Beatrice once taken. */
const swap = (over: Record<string, unknown> = {}) => ({
  id: SWAP,
  assignmentId: ASSIGNMENT,
  rosterId: '7b0c1f7e-6666-4a3b-9c1d-000000000001',
  departmentId: '7b0c1f7e-2222-4a3b-9c1d-000000000001',
  departmentName: 'Maternity ward',
  day: '2026-03-04',
  shiftName: 'Night',
  startsAt: '19:00',
  endsAt: '07:00',
  clinical: false,
  profession: 'Nurse',
  offeredBy: { staffId: AMINA_STAFF, name: 'Amina Otieno' },
  takenBy: null,
  status: 'open',
  note: 'Family wedding',
  reason: null,
  violations: [],
  keptRules: [],
  createdAt: '2026-02-20T06:00:00.000Z',
  takenAt: null,
  decidedAt: null,
  ...over,
});

/** svc-core as the swaps page sees it, for someone with `role` whose record is `staffId`. */
function fakeCore(role: string, staffId: string, lists: Record<string, unknown[]>, answer?: () => unknown) {
  return fakeApi(({ method, path }) => {
    if (path === '/api/core/staff/me') return ok({ id: staffId, role, credentials: [], cpdPoints: 0 });
    if (method === 'GET' && path.startsWith('/api/core/swap-offers?')) {
      const view = new URLSearchParams(path.split('?')[1]).get('view')!;
      return page(lists[view] ?? []);
    }
    if (method !== 'GET' && path.startsWith('/api/core/swap-offers/') && answer) return answer() as never;
    return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
  });
}

describe('/hr/swaps', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr/swaps');
  });

  it('shows a nurse the shifts colleagues offer; she takes one and is told what it breaks for her', async () => {
    useSession.getState().signIn('token', AMINA);
    const lists: Record<string, unknown[]> = { open: [swap()], mine: [] };
    const calls = fakeCore('staff', BEATRICE_STAFF, lists, () => {
      const taken = swap({
        status: 'taken',
        takenBy: { staffId: BEATRICE_STAFF, name: 'Beatrice Njeri' },
        violations: ['short-rest'],
      });
      lists.open = [];
      lists.mine = [taken];
      return ok(taken);
    });
    await renderScreen(<SwapsPage />, { path: '/hr/swaps' });
    const open = await screen.findByRole('region', { name: 'Shifts colleagues offer' });
    expect(await within(open).findByRole('listitem')).toHaveTextContent(
      '4 Mar 2026 · Night (19:00–07:00) · Maternity ward · from Amina Otieno · “Family wedding”',
    );
    expect(screen.queryByRole('region', { name: 'Swaps to decide' })).not.toBeInTheDocument();
    await userEvent.click(
      within(open).getByRole('button', { name: 'Take Night, 4 Mar 2026 from Amina Otieno' }),
    );
    expect(
      await within(open).findByText(/Taken, but for you it breaks: less than 11 hours' rest/),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/core/swap-offers/${SWAP}/take`,
    ]);
    const mine = screen.getByRole('region', { name: 'My swaps' });
    expect(await within(mine).findByRole('listitem')).toHaveTextContent(
      'you took it from Amina Otieno · waiting for the manager',
    );
  });

  it('lets the ward’s manager approve a swap that breaks a rule only with a reason, and decline saying why', async () => {
    useSession.getState().signIn('token', AMINA);
    const waiting = swap({
      status: 'taken',
      takenBy: { staffId: BEATRICE_STAFF, name: 'Beatrice Njeri' },
      violations: ['on-leave'],
    });
    const lists: Record<string, unknown[]> = { decide: [waiting] };
    const calls = fakeCore('manager', '7b0c1f7e-3333-4a3b-9c1d-000000000009', lists, () => {
      lists.decide = [];
      return ok({ ...waiting, status: 'approved' });
    });
    await renderScreen(<SwapsPage />, { path: '/hr/swaps' });
    const decide = await screen.findByRole('region', { name: 'Swaps to decide' });
    const line = await within(decide).findByRole('listitem');
    expect(line).toHaveTextContent('Amina Otieno → Beatrice Njeri');
    expect(line).toHaveTextContent('⚠ For Beatrice Njeri this breaks: on leave that day');

    await userEvent.click(
      within(line).getByRole('button', { name: 'Approve giving Night, 4 Mar 2026 to Beatrice Njeri' }),
    );
    expect(within(line).getByLabelText(/^Reason/)).toHaveAccessibleDescription(
      expect.stringContaining('Say why (at least 3 characters).'),
    );
    await userEvent.click(
      within(line).getByRole('button', { name: 'Decline the swap of Night, 4 Mar 2026' }),
    );
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await userEvent.type(within(line).getByLabelText(/^Reason/), 'Her leave ends that morning');
    await userEvent.click(
      within(line).getByRole('button', { name: 'Approve giving Night, 4 Mar 2026 to Beatrice Njeri' }),
    );
    expect(
      await within(decide).findByText("Approved: Night, 4 Mar 2026 is now Beatrice Njeri's."),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      [`/api/core/swap-offers/${SWAP}`, { status: 'approved', reason: 'Her leave ends that morning' }],
    ]);
    expect(await within(decide).findByText('No swap is waiting for you.')).toBeInTheDocument();
  });

  it('is read on a phone in Kiswahili', async () => {
    window.innerWidth = 360;
    useSession.getState().signIn('token', AMINA);
    fakeCore('staff', BEATRICE_STAFF, { open: [swap()], mine: [] });
    await renderScreen(<SwapsPage />, { path: '/hr/swaps' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const open = await screen.findByRole('region', { name: 'Zamu zinazotolewa na wenzako' });
    expect(
      await within(open).findByRole('button', { name: /^Chukua Night, .* kutoka kwa Amina Otieno$/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Ubadilishaji wangu' })).toHaveTextContent(
      'Hujatoa wala kuchukua zamu yoyote.',
    );
  });
});

describe('offering a shift from the dashboard', () => {
  it('offers her night for swap, then shows it waiting and withdraws it', async () => {
    useSession.getState().signIn('token', AMINA);
    let offered: null | { id: string; status: string; takenBy: string | null } = null;
    const calls = fakeApi(({ method, path }) => {
      if (path === '/api/core/staff/me')
        return ok({ id: AMINA_STAFF, role: 'staff', credentials: [], cpdPoints: 0 });
      if (path === '/api/core/organisation')
        return ok({
          id: 'o',
          name: 'Kisumu',
          country: 'KE',
          facilityType: 'Clinic',
          timeZone: 'Africa/Nairobi',
        });
      if (path.startsWith('/api/core/shifts/mine'))
        return page([
          {
            id: ASSIGNMENT,
            rosterId: 'r1',
            day: '2026-03-04',
            departmentName: 'Maternity ward',
            shiftName: 'Night',
            startsAt: '19:00',
            endsAt: '07:00',
            swap: offered,
          },
        ]);
      if (method === 'POST' && path === `/api/core/rosters/assignments/${ASSIGNMENT}/swap-offers`) {
        offered = { id: SWAP, status: 'open', takenBy: null };
        return { status: 201, body: { success: true, data: swap() } };
      }
      if (method === 'DELETE' && path === `/api/core/swap-offers/${SWAP}`) {
        offered = null;
        return ok(swap({ status: 'withdrawn' }));
      }
      if (path === '/api/core/leave/balances/me') return ok([]);
      if (path.startsWith('/api/core/timesheets?')) return page([]);
      return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
    });
    await renderScreen(<UserCore />, { path: '/userdashboard' });
    const shifts = await screen.findByRole('region', { name: 'My shifts' });
    await userEvent.click(
      await within(shifts).findByRole('button', { name: 'Offer Night, 4 Mar 2026 for swap' }),
    );
    expect(
      await within(shifts).findByText('Offered: colleagues of your profession can take it.'),
    ).toBeInTheDocument();
    expect(await within(shifts).findByText(/offered, waiting for a colleague/)).toBeInTheDocument();
    await userEvent.click(
      within(shifts).getByRole('button', { name: 'Withdraw the offer of Night, 4 Mar 2026' }),
    );
    expect(await within(shifts).findByText('Offer withdrawn.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', `/api/core/rosters/assignments/${ASSIGNMENT}/swap-offers`, {}],
      ['DELETE', `/api/core/swap-offers/${SWAP}`, undefined],
    ]);
    expect(within(shifts).getByRole('link', { name: 'Shift swaps' })).toHaveAttribute('href', '/hr/swaps');
  });
});
