import { screen, waitFor, within } from '@testing-library/react';
import { useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import UserCore from './UserCore';

beforeEach(resetSession);

const ok = (data: unknown) => ({ body: { success: true, data } });
const page = (data: unknown[]) => ({
  body: { success: true, data, pageInfo: { page: 1, limit: 20, total: data.length } },
});

describe("Core's widget on the professional's dashboard", () => {
  it('shows a member her open tasks, her next shifts, her leave and this month’s timesheet', async () => {
    useSession.getState().signIn('token', AMINA);
    fakeApi(({ path }) => {
      if (path === '/api/core/staff/me')
        return ok({ id: 's-1', role: 'staff', credentials: [], cpdPoints: 0 });
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
            id: 'a1',
            rosterId: 'r1',
            day: '2026-03-02',
            departmentName: 'Maternity ward',
            shiftName: 'Night',
            startsAt: '19:00',
            endsAt: '07:00',
          },
        ]);
      if (path === '/api/core/leave/balances/me')
        return ok([
          {
            typeId: 't1',
            typeName: { en: 'Annual leave', sw: 'Likizo ya mwaka', fr: 'Congé annuel' },
            year: 2026,
            entitled: 21,
            carriedOver: 0,
            used: 3,
            pending: 2,
            available: 16,
            availableAtYearEnd: 16,
          },
        ]);
      if (path.startsWith('/api/core/workflows/tasks/mine'))
        return page([
          {
            id: 't-1',
            title: 'Read the infection prevention policy',
            dueOn: '2026-03-05',
            doneAt: null,
            workflowName: 'Onboarding checklist',
            staffId: 's-1',
            staffName: 'Amina Wanjiru',
          },
        ]);
      if (path.startsWith('/api/core/timesheets?'))
        return page([
          {
            staffId: 's-1',
            name: 'Amina Wanjiru',
            departmentId: null,
            departmentName: null,
            from: '2026-03-01',
            to: '2026-03-09',
            totals: {
              regular: 8,
              night: 16,
              overtime: 0.17,
              total: 24.17,
              shifts: 3,
              late: 0,
              missed: 1,
              unscheduled: 0,
              open: 0,
            },
            approval: null,
            approvable: false,
            openEntries: [],
          },
        ]);
      return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
    });
    await renderScreen(<UserCore />, { path: '/userdashboard' });
    const tasks = await screen.findByRole('region', { name: 'My tasks' });
    expect(
      await within(tasks).findByRole('button', { name: 'Mark Read the infection prevention policy done' }),
    ).toBeEnabled();
    const shifts = await screen.findByRole('region', { name: 'My shifts' });
    expect(await within(shifts).findByRole('listitem')).toHaveTextContent(
      'Night (19:00–07:00) · Maternity ward',
    );
    expect(within(shifts).getByRole('link', { name: 'Clock in and out' })).toHaveAttribute(
      'href',
      '/hr/clock',
    );
    const leave = screen.getByRole('region', { name: 'My leave' });
    expect(await within(leave).findByRole('listitem')).toHaveTextContent(
      'Annual leave · 16 days left · 2 days waiting for a decision',
    );
    const timesheet = screen.getByRole('region', { name: 'My timesheet this month' });
    expect(
      await within(timesheet).findByText('24.17 hours: 8 regular, 16 at night, 0.17 overtime.'),
    ).toBeInTheDocument();
  });

  it('shows nothing to someone with no staff record in an organisation with Core', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeApi(({ path }) =>
      path === '/api/core/staff/me'
        ? { status: 403, body: { success: false, message: 'no', code: 'core.no_organisation' } }
        : { body: { success: true, data: { timeZone: 'Africa/Nairobi' } } },
    );
    await renderScreen(<UserCore />, { path: '/userdashboard' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/core/staff/me')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/core/shifts'))).toBe(false);
  });
});
