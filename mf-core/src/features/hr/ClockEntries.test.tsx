import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen, type ApiAnswer, type ApiCall } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import { PersonEntries } from './ClockEntries';
import TimesheetsPage from './TimesheetsPage';

beforeEach(resetSession);
afterEach(async () => {
  window.innerWidth = 1024;
  await act(async () => useLanguage.getState().setLanguage('en'));
});

const AMINA_STAFF = '7b0c1f7e-3333-4a3b-9c1d-000000000001';
const ENTRY = '7b0c1f7e-9999-4a3b-9c1d-000000000001';
const NIGHT = {
  assignmentId: '7b0c1f7e-8888-4a3b-9c1d-000000000001',
  day: '2026-03-02',
  name: 'Night',
  departmentId: '7b0c1f7e-2222-4a3b-9c1d-000000000001',
  departmentName: 'Maternity ward',
  startsAt: '19:00',
  endsAt: '07:00',
  start: '2026-03-02T16:00:00.000Z',
  end: '2026-03-03T04:00:00.000Z',
  codeRequired: false,
};

/**
 * svc-core's entries of Amina's night (Nairobi), 20 minutes late, for her manager (`canCorrect`) or for
 * herself; a correction puts the clock-in at 19:00 and the totals follow.
 */
function entriesAnswer(canCorrect = true) {
  let corrected = false;
  const totals = () => ({
    regular: 3,
    night: 8.75,
    overtime: corrected ? 0.08 : 0,
    total: corrected ? 12.08 : 11.75,
    shifts: 1,
    late: corrected ? 0 : 1,
    missed: 0,
    unscheduled: 0,
    open: 0,
  });
  return ({ method, path }: ApiCall): ApiAnswer => {
    if (method === 'GET' && path.startsWith('/api/core/clock/entries?'))
      return {
        body: {
          success: true,
          data: [
            {
              id: ENTRY,
              clockIn: corrected ? '2026-03-02T16:00:00.000Z' : '2026-03-02T16:20:00.000Z',
              clockOut: '2026-03-03T04:05:00.000Z',
              minutesLate: corrected ? 0 : 20,
              late: !corrected,
              shift: NIGHT,
              correctionReason: corrected ? 'Badge reader was down' : null,
              clockInLocal: { day: '2026-03-02', time: corrected ? '19:00' : '19:20' },
              clockOutLocal: { day: '2026-03-03', time: '07:05' },
              missedClockOut: false,
              correctedBy: corrected ? 'Grace Wanjiru' : null,
              locked: false,
            },
          ],
          pageInfo: { page: 1, limit: 20, total: 1 },
          timeZone: 'Africa/Nairobi',
          timesheet: {
            staffId: AMINA_STAFF,
            name: 'Amina Otieno',
            departmentId: null,
            departmentName: null,
            from: '2026-03-01',
            to: '2026-03-09',
            totals: totals(),
            approval: null,
            approvable: canCorrect,
            openEntries: [],
          },
          canCorrect,
        },
      };
    if (method === 'PATCH' && path === `/api/core/clock/entries/${ENTRY}`) {
      corrected = true;
      return { body: { success: true, data: { id: ENTRY } } };
    }
    return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
  };
}
const fakeEntries = (canCorrect = true) => fakeApi(entriesAnswer(canCorrect));

describe("a person's clock entries", () => {
  it('lets their manager correct an entry in a dialog, by keyboard, the reason required; the totals follow', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeEntries();
    await renderScreen(<PersonEntries staffId={AMINA_STAFF} from="2026-03-01" to="2026-03-09" />, {
      path: '/hr/timesheets',
    });
    const list = await screen.findByRole('region', { name: 'Entries from 2026-03-01 to 2026-03-09' });
    expect(
      await within(list).findByText('Total 11.75 h · overtime 0 h · late: 1 · missed shifts: 0'),
    ).toBeInTheDocument();
    expect(within(list).getByText(/2026-03-02 19:20 to 2026-03-03 07:05/)).toBeInTheDocument();
    expect(within(list).getByText(/Late by 20 minutes/)).toBeInTheDocument();

    const correct = within(list).getByRole('button', { name: 'Correct the entry of 2026-03-02 at 19:20' });
    correct.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Correct a clock entry' });
    const clockIn = within(dialog).getByLabelText('Clock-in time');
    expect(clockIn).toHaveValue('2026-03-02T19:20');
    expect(within(dialog).getByLabelText('Clock-out time')).toHaveValue('2026-03-03T07:05');
    await userEvent.clear(clockIn);
    await userEvent.type(clockIn, '2026-03-02T19:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the correction' }));
    expect(within(dialog).getByLabelText('Why')).toHaveAccessibleDescription(
      'Say why (at least 3 characters).',
    );
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Why'), 'Badge reader was down{Enter}');
    expect(
      await within(list).findByText(/corrected by Grace Wanjiru: Badge reader was down/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      clockIn: '2026-03-02T16:00:00.000Z',
      clockOut: '2026-03-03T04:05:00.000Z',
      reason: 'Badge reader was down',
    });
    expect(
      within(list).getByText('Total 12.08 h · overtime 0.08 h · late: 0 · missed shifts: 0'),
    ).toBeInTheDocument();
  });

  it('shows a person their own entries, with nothing to correct, on a phone in Kiswahili', async () => {
    window.innerWidth = 360;
    useSession.getState().signIn('token', AMINA);
    const calls = fakeEntries(false);
    await renderScreen(<PersonEntries from="2026-03-01" to="2026-03-09" />, { path: '/hr/clock' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const list = await screen.findByRole('region', { name: 'Maingizo kuanzia 2026-03-01 hadi 2026-03-09' });
    expect(within(list).getByText(/2026-03-02 19:20 hadi 2026-03-03 07:05/)).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(
      '/api/core/clock/entries?page=1&limit=20&from=2026-03-01&to=2026-03-09',
    );
  });

  it("opens a person's entries from their timesheet row, and a correction reloads the timesheets", async () => {
    useSession.getState().signIn('token', AMINA);
    const entries = entriesAnswer();
    const calls = fakeApi((request) => {
      const { method, path } = request;
      if (path === '/api/core/staff/me')
        return {
          body: { success: true, data: { id: 'me', role: 'manager', credentials: [], cpdPoints: 0 } },
        };
      if (path === '/api/core/organisation')
        return {
          body: {
            success: true,
            data: {
              id: 'org',
              name: 'Kisumu',
              country: 'KE',
              facilityType: 'Clinic',
              timeZone: 'Africa/Nairobi',
            },
          },
        };
      if (path === '/api/core/places')
        return { body: { success: true, data: { locations: [], departments: [] } } };
      if (method === 'GET' && path.startsWith('/api/core/timesheets?')) {
        const listed = entries({ ...request, path: '/api/core/clock/entries?' });
        const sheet = (listed.body as { timesheet: unknown }).timesheet;
        return { body: { success: true, data: [sheet], pageInfo: { page: 1, limit: 20, total: 1 } } };
      }
      return entries(request);
    });
    await renderScreen(<TimesheetsPage />, { path: '/hr/timesheets' });
    const row = await screen.findByRole('article', { name: /Amina Otieno/ });
    const toggle = within(row).getByRole('button', { name: 'Clock entries of Amina Otieno' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await within(row).findByRole('region', { name: /^Entries from / });
    await userEvent.click(
      await within(list).findByRole('button', { name: 'Correct the entry of 2026-03-02 at 19:20' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Correct a clock entry' });
    await userEvent.type(within(dialog).getByLabelText('Why'), 'Badge reader was down{Enter}');
    expect(await within(row).findByText('12.08 hours')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/core/timesheets?')).length).toBeGreaterThan(1);
  });
});
