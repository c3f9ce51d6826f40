import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import LeavePage from './LeavePage';

beforeEach(resetSession);
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const ANNUAL = {
  id: '7b0c1f7e-1111-4a3b-9c1d-000000000001',
  code: 'annual',
  name: 'Annual leave',
  names: { en: 'Annual leave', sw: 'Likizo ya mwaka', fr: 'Congé annuel' },
  accrual: 'monthly',
  daysPerYear: 21,
  carryOverCap: 7,
  countsWeekends: false,
  countsHolidays: false,
  allowNegative: false,
  minServiceMonths: 0,
  halfPayAfterDays: null,
  documentsRequired: null,
  documentsAfterDays: null,
  paid: true,
  active: true,
};
const WARD = '7b0c1f7e-2222-4a3b-9c1d-000000000001';
const MY_ID = '7b0c1f7e-3333-4a3b-9c1d-000000000001';
const page = (data: unknown[]) => ({
  success: true,
  data,
  pageInfo: { page: 1, limit: 20, total: data.length },
});
const request = {
  id: '7b0c1f7e-4444-4a3b-9c1d-000000000001',
  staffId: '7b0c1f7e-3333-4a3b-9c1d-000000000002',
  personName: 'Achieng Otieno',
  departmentId: WARD,
  typeId: ANNUAL.id,
  typeName: ANNUAL.names,
  from: '2026-04-02',
  to: '2026-04-08',
  halfDay: false,
  days: 3,
  halfPayDays: 0,
  documentRequired: false,
  document: null,
  documentWaived: false,
  note: 'Easter at home',
  status: 'pending',
  decisionReason: null,
  decidedAt: null,
  createdAt: '2026-03-25T06:00:00.000Z',
};

/** svc-core as the page sees it for `role`; `decided` keeps what was sent for the request. */
function fakeCore(role: string) {
  let status = 'pending';
  return fakeApi(({ method, path, body }) => {
    if (path === '/api/core/staff/me')
      return { body: { success: true, data: { id: MY_ID, role, credentials: [], cpdPoints: 0 } } };
    if (path.startsWith('/api/core/leave/types')) return { body: page([ANNUAL]) };
    if (path === '/api/core/leave/balances/me')
      return {
        body: {
          success: true,
          data: [
            {
              typeId: ANNUAL.id,
              typeName: ANNUAL.names,
              year: 2026,
              entitled: 5.25,
              carriedOver: 0,
              used: 0,
              pending: 0,
              available: 5.25,
              availableAtYearEnd: 21,
            },
          ],
        },
      };
    if (path.startsWith('/api/core/leave/quote'))
      return {
        body: {
          success: true,
          data: { days: 3, halfPayDays: 0, documentRequired: false, balanceBefore: 5.25, balanceAfter: 2.25 },
        },
      };
    if (method === 'POST' && path === '/api/core/leave/requests')
      return { status: 201, body: { success: true, data: { ...request, ...(body as object) } } };
    if (path.startsWith('/api/core/leave/requests?mine=true')) return { body: page([]) };
    if (path.startsWith('/api/core/leave/requests?status=pending'))
      return { body: page(status === 'pending' ? [request] : []) };
    if (method === 'PATCH' && path === `/api/core/leave/requests/${request.id}`) {
      status = (body as { status: string }).status;
      return { body: { success: true, data: { ...request, status } } };
    }
    if (path.startsWith('/api/core/leave/away'))
      return { body: page(path.includes('page=1') ? [{ ...request, status: 'approved' }] : []) };
    if (path.startsWith('/api/core/leave/balances')) return { body: page([]) };
    if (path.startsWith('/api/core/places'))
      return {
        body: { success: true, data: { locations: [], departments: [{ id: WARD, name: 'Maternity ward' }] } },
      };
    return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
  });
}

describe('/hr/leave', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr/leave');
  });

  it('lets a member ask for leave, seeing the days and the balance before and after', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeCore('staff');
    await renderScreen(<LeavePage />, { path: '/hr/leave' });
    const mine = await screen.findByRole('region', { name: 'My leave' });
    const balances = await within(mine).findByRole('list', { name: 'Leave balances' });
    expect(within(balances).getByRole('listitem')).toHaveTextContent(
      'Annual leave · 5.25 days left · 21 by the end of the year',
    );
    // Staff decide on nothing and see nobody else's leave.
    expect(screen.queryByRole('region', { name: 'Waiting for your decision' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Who is away' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download requests (CSV)' })).not.toBeInTheDocument();

    const ask = within(mine).getByRole('region', { name: 'Ask for leave' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Send request' }));
    expect(within(ask).getByLabelText(/^Leave type/)).toHaveAccessibleDescription('Choose the leave type.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.selectOptions(within(ask).getByLabelText(/^Leave type/), 'Annual leave');
    await userEvent.type(within(ask).getByLabelText(/^First day/), '2026-04-02');
    await userEvent.type(within(ask).getByLabelText(/^Last day/), '2026-04-08');
    expect(
      await within(ask).findByText('3 leave days. Balance: 5.25 before, 2.25 after.'),
    ).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole('button', { name: 'Send request' }));
    expect(await within(ask).findByText('Request sent. Your manager will decide.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      typeId: ANNUAL.id,
      from: '2026-04-02',
      to: '2026-04-08',
    });

    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('heading', { name: 'Omba likizo' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Likizo ya mwaka' })).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(await screen.findByRole('heading', { name: 'Demander un congé' })).toBeInTheDocument();
  });

  it("lets the ward's manager decline with a reason and see who is away by department", async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeCore('manager');
    await renderScreen(<LeavePage />, { path: '/hr/leave' });
    const decide = await screen.findByRole('region', { name: 'Waiting for your decision' });
    const item = (await within(decide).findByText('Achieng Otieno ·')).closest('li')!;
    expect(item).toHaveTextContent('Annual leave · 2 Apr 2026 to 8 Apr 2026 · 3 days · Pending');
    expect(item).toHaveTextContent('“Easter at home”');

    await userEvent.click(within(item).getByRole('button', { name: "Decline Achieng Otieno's leave" }));
    expect(within(item).getByLabelText(/^Reason for Achieng Otieno/)).toHaveAccessibleDescription(
      'Say why the leave is declined.',
    );
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await userEvent.type(within(item).getByLabelText(/^Reason for Achieng Otieno/), 'Two nurses already off');
    await userEvent.click(within(item).getByRole('button', { name: "Decline Achieng Otieno's leave" }));
    expect(await within(decide).findByText('No request is waiting.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
      status: 'declined',
      reason: 'Two nurses already off',
    });

    const away = screen.getByRole('region', { name: 'Who is away' });
    const today = within(away).getByRole('region', { name: 'Today' });
    expect(await within(today).findByRole('heading', { name: 'Maternity ward' })).toBeInTheDocument();
    expect(within(today).getByRole('listitem')).toHaveTextContent('Achieng Otieno · Annual leave');
    expect(screen.getByRole('button', { name: 'Download balances (CSV)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download requests (CSV)' })).toBeInTheDocument();
    // Only HR sets types and holidays.
    expect(screen.queryByRole('region', { name: 'Leave types' })).not.toBeInTheDocument();
  });

  it('lets HR change a leave type and keep the public holidays', async () => {
    useSession
      .getState()
      .signIn('token', { ...AMINA, role: 'Clinic' as const, name: 'Kisumu Family Clinic' });
    const holidays = [
      {
        id: '7b0c1f7e-5555-4a3b-9c1d-000000000001',
        country: 'KE',
        date: '2026-04-03',
        name: { en: 'Good Friday', sw: 'Ijumaa Kuu', fr: 'Vendredi saint' },
      },
    ];
    const calls = fakeApi(({ method, path, body }) => {
      if (path.startsWith('/api/core/leave/types')) {
        if (method === 'PATCH') return { body: { success: true, data: { ...ANNUAL, ...(body as object) } } };
        return { body: page([ANNUAL]) };
      }
      if (path.startsWith('/api/core/holidays')) {
        if (method === 'POST') {
          const b = body as { date: string; name: string };
          holidays.push({
            id: '7b0c1f7e-5555-4a3b-9c1d-000000000002',
            country: 'KE',
            date: b.date,
            name: { en: b.name, sw: b.name, fr: b.name },
          });
          return { status: 201, body: { success: true, data: holidays.at(-1) } };
        }
        if (method === 'DELETE') return { body: { success: true, data: holidays.shift() } };
        return { body: page(holidays) };
      }
      if (path.startsWith('/api/core/places'))
        return { body: { success: true, data: { locations: [], departments: [] } } };
      return { body: page([]) };
    });
    await renderScreen(<LeavePage />, { path: '/hr/leave' });
    // The owner has no leave of their own.
    expect(await screen.findByRole('region', { name: 'Leave types' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My leave' })).not.toBeInTheDocument();
    const types = screen.getByRole('region', { name: 'Leave types' });
    const annual = (await within(types).findByText('Annual leave')).closest('li')!;
    expect(annual).toHaveTextContent('Annual leave · 21 days a year, earned month by month');
    await userEvent.click(within(annual).getByRole('button', { name: 'Edit Annual leave' }));
    await userEvent.clear(within(annual).getByLabelText(/^Days that may carry/));
    await userEvent.type(within(annual).getByLabelText(/^Days that may carry/), '10.5');
    await userEvent.click(within(annual).getByLabelText('The balance may go below zero'));
    await userEvent.click(within(annual).getByRole('button', { name: 'Save leave type' }));
    expect(await within(annual).findByText('Leave type saved.')).toBeInTheDocument();
    // Only what changed is sent.
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      carryOverCap: 10.5,
      allowNegative: true,
    });

    const days = screen.getByRole('region', { name: 'Public holidays' });
    expect(await within(days).findByText(/Good Friday/)).toBeInTheDocument();
    await userEvent.type(within(days).getByLabelText(/^Date/), '2026-11-02');
    await userEvent.type(within(days).getByLabelText(/^Name/), 'Founders day');
    await userEvent.click(within(days).getByRole('button', { name: 'Add holiday' }));
    expect(await within(days).findByText(/Founders day/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      date: '2026-11-02',
      name: 'Founders day',
    });
    await userEvent.click(within(days).getByRole('button', { name: 'Remove Good Friday' }));
    expect(await within(days).findByText('Public holiday removed.')).toBeInTheDocument();
    expect(within(days).queryByText(/Good Friday/)).not.toBeInTheDocument();
  });
});
