import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import TimesheetsPage, { instantIn } from './TimesheetsPage';

beforeEach(resetSession);

const WARD = '7b0c1f7e-2222-4a3b-9c1d-000000000001';
const AMINA_STAFF = '7b0c1f7e-3333-4a3b-9c1d-000000000001';
const BEATRICE_STAFF = '7b0c1f7e-3333-4a3b-9c1d-000000000002';
const OPEN_ENTRY = '7b0c1f7e-9999-4a3b-9c1d-000000000001';
const APPROVAL = '7b0c1f7e-5555-4a3b-9c1d-000000000001';
const totals = (over: Record<string, number> = {}) => ({
  regular: 8,
  night: 16,
  overtime: 0.17,
  total: 24.17,
  shifts: 3,
  late: 0,
  missed: 1,
  unscheduled: 0,
  open: 0,
  ...over,
});

/** svc-core's timesheets for a ward manager: Amina's to approve, Beatrice's with an entry left open. */
function fakeTimesheets() {
  let approved = false;
  let reopened = false;
  let closed = false;
  const sheet = (staffId: string, name: string, over: Record<string, unknown>) => ({
    staffId,
    name,
    departmentId: WARD,
    departmentName: 'Maternity ward',
    from: '2026-03-01',
    to: '2026-03-09',
    totals: totals(),
    approval: null,
    approvable: true,
    openEntries: [],
    ...over,
  });
  return fakeApi(({ method, path, body }) => {
    if (path === '/api/core/staff/me')
      return { body: { success: true, data: { id: 'me', role: 'manager', credentials: [], cpdPoints: 0 } } };
    if (path === '/api/core/organisation')
      return {
        body: {
          success: true,
          data: {
            id: WARD,
            name: 'Kisumu',
            country: 'KE',
            facilityType: 'Clinic',
            timeZone: 'Africa/Nairobi',
          },
        },
      };
    if (path === '/api/core/places')
      return {
        body: { success: true, data: { locations: [], departments: [{ id: WARD, name: 'Maternity ward' }] } },
      };
    if (method === 'GET' && path.startsWith('/api/core/timesheets?')) {
      const data = [
        sheet(AMINA_STAFF, 'Amina Otieno', {
          approval:
            approved && !reopened
              ? {
                  id: APPROVAL,
                  staffId: AMINA_STAFF,
                  from: '2026-03-01',
                  to: '2026-03-09',
                  approvedAt: '2026-03-09T07:00:00.000Z',
                  approvedBy: 'Grace Wanjiru',
                  totals: totals(),
                  reopenedAt: null,
                  reopenReason: null,
                }
              : null,
        }),
        sheet(BEATRICE_STAFF, 'Beatrice Njeri', {
          totals: totals({ open: closed ? 0 : 1 }),
          openEntries: closed ? [] : [{ id: OPEN_ENTRY, clockIn: '2026-03-07T07:00:00.000Z' }],
        }),
      ];
      return { body: { success: true, data, pageInfo: { page: 1, limit: 20, total: 2 } } };
    }
    if (method === 'POST' && path === '/api/core/timesheets/approve') {
      approved = true;
      reopened = false;
      return { status: 201, body: { success: true, data: { id: APPROVAL, ...(body as object) } } };
    }
    if (method === 'POST' && path === `/api/core/timesheets/approvals/${APPROVAL}/reopen`) {
      reopened = true;
      return { body: { success: true, data: { id: APPROVAL } } };
    }
    if (method === 'PATCH' && path === `/api/core/clock/entries/${OPEN_ENTRY}`) {
      closed = true;
      return { body: { success: true, data: { id: OPEN_ENTRY } } };
    }
    return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
  });
}

describe('/hr/timesheets', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr/timesheets');
  });

  it('places a time on the organisation’s clock, wherever the browser is', () => {
    expect(instantIn('2026-03-07T10:00', 'Africa/Nairobi')).toBe('2026-03-07T07:00:00.000Z');
    expect(instantIn('2026-07-01T10:00', 'Europe/London')).toBe('2026-07-01T09:00:00.000Z');
  });

  it('lets a ward manager approve a timesheet, reopen it saying why, and close an entry left open', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeTimesheets();
    await renderScreen(<TimesheetsPage />, { path: '/hr/timesheets' });
    const amina = await screen.findByRole('article', { name: /Amina Otieno/ });
    expect(within(amina).getByText('Regular').nextSibling).toHaveTextContent('8 hours');
    expect(within(amina).getByText('Overtime').nextSibling).toHaveTextContent('0.17 hours');
    expect(
      within(amina).getByText('Shifts: 3 · late: 0 · missed: 1 · without a shift: 0'),
    ).toBeInTheDocument();

    await userEvent.click(
      within(amina).getByRole('button', { name: 'Approve the timesheet of Amina Otieno' }),
    );
    expect(await within(amina).findByText('Approved by Grace Wanjiru on 9 Mar 2026')).toBeInTheDocument();
    const approve = calls.find((c) => c.path === '/api/core/timesheets/approve');
    expect(approve?.body).toEqual({ staffId: AMINA_STAFF, from: '2026-03-01', to: '2026-03-09' });

    const why = within(amina).getByLabelText('Why reopen the timesheet of Amina Otieno');
    await userEvent.click(within(amina).getByRole('button', { name: 'Reopen' }));
    expect(why).toHaveAccessibleDescription('Say why (at least 3 characters).');
    await userEvent.type(why, 'Clock-out was wrong{Enter}');
    expect(await within(amina).findByText('Not approved yet.')).toBeInTheDocument();

    // Beatrice's entry left open: no approval until it is closed.
    const beatrice = screen.getByRole('article', { name: /Beatrice Njeri/ });
    expect(within(beatrice).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(
      within(beatrice).getByText('Beatrice Njeri clocked in 7 Mar 2026, 10:00 and has not clocked out.'),
    ).toBeInTheDocument();
    await userEvent.type(within(beatrice).getByLabelText('Clock-out time'), '2026-03-07T12:00');
    await userEvent.type(within(beatrice).getByLabelText('Why'), 'Forgot to clock out');
    await userEvent.click(within(beatrice).getByRole('button', { name: 'Close the entry' }));
    expect(
      await within(beatrice).findByRole('button', { name: 'Approve the timesheet of Beatrice Njeri' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      clockOut: '2026-03-07T09:00:00.000Z',
      reason: 'Forgot to clock out',
    });
    expect(screen.getByRole('button', { name: 'Download for payroll (CSV)' })).toBeInTheDocument();
  });
});
