import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import CalendarPage from './CalendarPage';

beforeEach(resetSession);
afterEach(async () => {
  window.innerWidth = 1024;
  await act(async () => useLanguage.getState().setLanguage('en'));
});

const WARD = '7b0c1f7e-2222-4a3b-9c1d-000000000001';
const page = (data: unknown[]) => ({
  body: { success: true, data, pageInfo: { page: 1, limit: 50, total: data.length } },
});
const ok = (data: unknown) => ({ body: { success: true, data } });
const UNPAID = { en: 'Unpaid leave', sw: 'Likizo bila malipo', fr: 'Congé sans solde' };

/**
 * svc-core as the calendar sees it, for someone with `role`: Amina on a day shift on the first day asked
 * and a draft night on the second; Beatrice away for the whole range (and today).
 */
function fakeCore(role: string) {
  return fakeApi(({ path }) => {
    const query = new URLSearchParams(path.split('?')[1] ?? '');
    if (path === '/api/core/staff/me') return ok({ id: 's-9', role, credentials: [], cpdPoints: 0 });
    if (path === '/api/core/organisation')
      return ok({
        id: 'o',
        name: 'Kisumu',
        country: 'KE',
        facilityType: 'Clinic',
        timeZone: 'Africa/Nairobi',
      });
    if (path.startsWith('/api/core/places'))
      return ok({ locations: [], departments: [{ id: WARD, name: 'Maternity ward' }] });
    if (path.startsWith('/api/core/leave/away'))
      return page([
        {
          id: 'l1',
          staffId: 's-2',
          personName: 'Beatrice Njeri',
          departmentId: WARD,
          typeId: 't',
          typeName: UNPAID,
          from: query.get('from'),
          to: query.get('to'),
          halfDay: false,
          days: 1,
          halfPayDays: 0,
          documentRequired: false,
          document: null,
          documentWaived: false,
          note: null,
          status: 'approved',
          decisionReason: null,
          decidedAt: null,
          createdAt: '2026-02-01T00:00:00.000Z',
        },
      ]);
    if (path.startsWith('/api/core/calendar')) {
      const from = query.get('from')!;
      const second = new Date(Date.parse(`${from}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      return page([
        {
          staffId: 's-1',
          name: 'Amina Otieno',
          profession: 'Nurse',
          departmentId: WARD,
          departmentName: 'Maternity ward',
          shifts: [
            {
              id: 'a1',
              day: from,
              shiftName: 'Day',
              startsAt: '07:00',
              endsAt: '19:00',
              night: false,
              departmentName: 'Maternity ward',
              published: true,
            },
            {
              id: 'a2',
              day: second,
              shiftName: 'Night',
              startsAt: '19:00',
              endsAt: '07:00',
              night: true,
              departmentName: 'Maternity ward',
              published: false,
            },
          ],
          leave: [],
        },
        {
          staffId: 's-2',
          name: 'Beatrice Njeri',
          profession: 'Nurse',
          departmentId: WARD,
          departmentName: 'Maternity ward',
          shifts: [],
          leave: [{ id: 'l1', from, to: query.get('to'), halfDay: false, typeName: UNPAID }],
        },
      ]);
    }
    return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
  });
}

const calendarCalls = (calls: { path: string }[]) =>
  calls
    .filter((c) => c.path.startsWith('/api/core/calendar'))
    .map((c) => Object.fromEntries(new URLSearchParams(c.path.split('?')[1])));
const span = (q: Record<string, string>) =>
  (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1;

describe('/hr/calendar', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr/calendar');
  });

  it('shows a manager the week’s shifts and leave, who is away, then the month and one department', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeCore('manager');
    await renderScreen(<CalendarPage />, { path: '/hr/calendar' });
    const today = await screen.findByRole('region', { name: 'Away today' });
    expect(await within(today).findByRole('listitem')).toHaveTextContent('Beatrice Njeri · Unpaid leave');
    expect(screen.getByRole('region', { name: 'Away in the next 7 days' })).toBeInTheDocument();

    const grid = await screen.findByRole('table');
    const amina = await within(grid).findByRole('row', { name: /Amina Otieno/ });
    expect(amina).toHaveTextContent('Day 07:00–19:00');
    expect(amina).toHaveTextContent('Night 19:00–07:00 (draft)');
    expect(within(grid).getByRole('row', { name: /Beatrice Njeri/ })).toHaveTextContent('away: Unpaid leave');
    const [week] = calendarCalls(calls);
    expect(span(week!)).toBe(7);
    expect(new Date(`${week!.from}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday

    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await userEvent.selectOptions(screen.getByLabelText('Department'), 'Maternity ward');
    await screen.findByRole('table');
    const asked = calendarCalls(calls);
    const month = asked.at(-1)!;
    expect(month.from?.endsWith('-01')).toBe(true);
    expect(span(month)).toBeGreaterThanOrEqual(28);
    expect(month.departmentId).toBe(WARD);
    expect(calls.some((c) => c.path.includes(`/api/core/leave/away`) && c.path.includes(WARD))).toBe(true);
  });

  it('is a list of days on a phone, in Kiswahili', async () => {
    window.innerWidth = 360;
    useSession.getState().signIn('token', AMINA);
    fakeCore('hr-admin');
    await renderScreen(<CalendarPage />, { path: '/hr/calendar' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('region', { name: 'Hawapo leo' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('region', { name: /^\d{1,2} \w+ \d{4}$/ })).toHaveLength(7),
    );
    const days = screen.getAllByRole('region', { name: /^\d{1,2} \w+ \d{4}$/ });
    expect(days[0]).toHaveTextContent('Amina Otieno · Day 07:00–19:00');
    expect(days[1]).toHaveTextContent('Night 19:00–07:00 (rasimu)');
    expect(days[0]).toHaveTextContent('Beatrice Njeri · likizoni: Likizo bila malipo');
  });

  it('tells staff it is for HR and managers, and asks nothing', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeCore('staff');
    await renderScreen(<CalendarPage />, { path: '/hr/calendar' });
    expect(await screen.findByText('The team calendar is for HR and managers.')).toBeInTheDocument();
    expect(calendarCalls(calls)).toEqual([]);
  });
});
