import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import RostersPage from './RostersPage';

beforeEach(resetSession);
afterEach(async () => {
  window.innerWidth = 1024;
  await act(async () => useLanguage.getState().setLanguage('en'));
});

const WARD = '7b0c1f7e-2222-4a3b-9c1d-000000000001';
const ROSTER = '7b0c1f7e-6666-4a3b-9c1d-000000000001';
const DAY = {
  id: '7b0c1f7e-7777-4a3b-9c1d-000000000001',
  departmentId: WARD,
  name: 'Day',
  startsAt: '07:00',
  endsAt: '19:00',
  clinical: true,
  night: false,
  hours: 12,
  minimumStaffing: [{ profession: 'Nurse', count: 1 }],
  active: true,
};
const NIGHT = {
  ...DAY,
  id: '7b0c1f7e-7777-4a3b-9c1d-000000000002',
  name: 'Night',
  startsAt: '19:00',
  endsAt: '07:00',
  night: true,
};
const AMINA_STAFF = '7b0c1f7e-3333-4a3b-9c1d-000000000001';
const DORCAS_STAFF = '7b0c1f7e-3333-4a3b-9c1d-000000000002';
const page = (data: unknown[]) => ({
  success: true,
  data,
  pageInfo: { page: 1, limit: 20, total: data.length },
});

/**
 * svc-core as the page sees it: a ward's week-long draft; Dorcas is not cleared to practise; `tired`: Amina
 * works five nights in a row with no rest day.
 */
function fakeCore(role: string, tired = false) {
  let limits = { maxConsecutiveNights: 3, minRestDays: 1 };
  const assignments: Record<string, unknown>[] = [
    {
      id: '7b0c1f7e-8888-4a3b-9c1d-000000000001',
      staffId: AMINA_STAFF,
      templateId: NIGHT.id,
      day: '2026-03-02',
      violations: [],
      keptReason: null,
      suggested: true,
    },
  ];
  let status = 'draft';
  let clockCode: { code: string | null; required: boolean } = { code: null, required: false };
  const roster = () => ({
    id: ROSTER,
    departmentId: WARD,
    departmentName: 'Maternity ward',
    startsOn: '2026-03-02',
    endsOn: '2026-03-08',
    weeks: 1,
    maxConsecutiveNights: 3,
    status,
    publishedAt: null,
    templates: [DAY, NIGHT],
    people: [
      {
        staffId: AMINA_STAFF,
        name: 'Amina Otieno',
        profession: 'Nurse',
        cleared: true,
        hours: 12,
        fatigue: tired ? ['many-nights', 'few-rest-days'] : [],
        nightsInARow: tired ? 5 : 1,
        fewestRestDays: tired ? 0 : 6,
      },
      {
        staffId: DORCAS_STAFF,
        name: 'Dorcas Wambui',
        profession: 'Nurse',
        cleared: false,
        hours: 0,
        fatigue: [],
        nightsInARow: 0,
        fewestRestDays: 7,
      },
    ],
    fatigueLimits: limits,
    // A copy each time, as a server's answer is.
    assignments: assignments.map((a) => ({ ...a })),
    gaps: [{ day: '2026-03-03', templateId: DAY.id, profession: 'Nurse', needed: 1, assigned: 0 }],
    summary: {
      rules: {
        'on-leave': 0,
        overlap: 0,
        'short-rest': 0,
        'too-many-nights': tired ? 2 : 0,
        'not-cleared': assignments.filter((a) => a.keptReason).length,
      },
      gaps: 1,
      fatigue: { 'many-nights': tired ? 1 : 0, 'few-rest-days': tired ? 1 : 0 },
    },
  });
  return fakeApi(({ method, path, body }) => {
    if (path === '/api/core/staff/me')
      return { body: { success: true, data: { id: AMINA_STAFF, role, credentials: [], cpdPoints: 0 } } };
    if (path.startsWith('/api/core/places'))
      return {
        body: { success: true, data: { locations: [], departments: [{ id: WARD, name: 'Maternity ward' }] } },
      };
    if (path.startsWith('/api/core/shifts/mine'))
      return {
        body: page([
          {
            id: 'a1',
            rosterId: ROSTER,
            day: '2026-03-02',
            departmentName: 'Maternity ward',
            shiftName: 'Night',
            startsAt: '19:00',
            endsAt: '07:00',
          },
        ]),
      };
    if (path.startsWith('/api/core/shift-templates')) return { body: page([DAY, NIGHT]) };
    if (path === '/api/core/organisation') {
      if (method === 'PATCH') limits = { ...limits, ...(body as { fatigue: typeof limits }).fatigue };
      return {
        body: {
          success: true,
          data: {
            id: 'o',
            name: 'Kisumu',
            country: 'KE',
            facilityType: 'Clinic',
            timeZone: 'Africa/Nairobi',
            fatigue: limits,
          },
        },
      };
    }
    if (method === 'GET' && path.startsWith('/api/core/rosters?'))
      return { body: page([{ ...roster(), templates: undefined }]) };
    if (method === 'GET' && path === `/api/core/rosters/${ROSTER}`)
      return { body: { success: true, data: roster() } };
    if (method === 'POST' && path === `/api/core/rosters/${ROSTER}/assignments`) {
      const b = body as { staffId: string; templateId: string; day: string; reason?: string };
      if (b.staffId === DORCAS_STAFF && !b.reason)
        return {
          status: 422,
          body: {
            success: false,
            message: 'breaks',
            code: 'core.roster_rule_broken',
            hints: ['not-cleared'],
          },
        };
      assignments.push({
        id: '7b0c1f7e-8888-4a3b-9c1d-000000000002',
        staffId: b.staffId,
        templateId: b.templateId,
        day: b.day,
        violations: b.reason ? ['not-cleared'] : [],
        keptReason: b.reason ?? null,
        suggested: false,
      });
      return { status: 201, body: { success: true, data: roster() } };
    }
    if (method === 'POST' && path === `/api/core/rosters/${ROSTER}/publish`) {
      status = 'published';
      return { body: { success: true, data: roster() } };
    }
    if (path === `/api/core/departments/${WARD}/clock-code`) {
      if (method === 'PUT') {
        const b = body as { required: boolean; rotate?: boolean };
        clockCode = {
          code: b.rotate || !clockCode.code ? 'K7M2-Q9PX' : clockCode.code,
          required: b.required,
        };
      }
      return {
        body: { success: true, data: { departmentId: WARD, departmentName: 'Maternity ward', ...clockCode } },
      };
    }
    return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
  });
}

describe('/hr/rosters', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr/rosters');
  });

  it('shows staff their own shifts and nothing to make', async () => {
    useSession.getState().signIn('token', AMINA);
    fakeCore('staff');
    await renderScreen(<RostersPage />, { path: '/hr/rosters' });
    const mine = await screen.findByRole('region', { name: 'My shifts' });
    expect(await within(mine).findByRole('listitem')).toHaveTextContent(
      'Night (19:00–07:00) · Maternity ward',
    );
    expect(screen.queryByRole('region', { name: 'Rosters' })).not.toBeInTheDocument();
  });

  it("lets the ward's manager assign by hand, see the rule broken, keep it with a reason, and publish", async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeCore('manager');
    await renderScreen(<RostersPage />, { path: '/hr/rosters' });
    const rosters = await screen.findByRole('region', { name: 'Rosters' });
    await userEvent.click(
      await within(rosters).findByRole('button', {
        name: 'Open the roster of Maternity ward from 2 Mar 2026',
      }),
    );
    const open = await screen.findByRole('region', { name: 'Maternity ward: 2 Mar 2026 to 8 Mar 2026' });
    const gaps = within(open).getByRole('region', { name: 'Shifts short of people' });
    expect(within(gaps).getByRole('listitem')).toHaveTextContent('3 Mar 2026 · Day · 1 more: Nurses');
    const grid = within(open).getByRole('table', { name: 'Roster' });
    const amina = within(grid).getByRole('row', { name: /Amina Otieno/ });
    expect(amina).toHaveTextContent('Night');

    const form = within(open).getByRole('form', { name: 'Assign by hand' });
    await userEvent.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(within(form).getByLabelText(/^Person/)).toHaveAccessibleDescription('Choose a person.');
    await userEvent.selectOptions(within(form).getByLabelText(/^Person/), 'Dorcas Wambui · Nurses');
    await userEvent.selectOptions(within(form).getByLabelText(/^Shift/), 'Day 07:00–19:00');
    await userEvent.selectOptions(within(form).getByLabelText(/^Day/), '3 Mar 2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This assignment breaks:not cleared to practise on a clinical shift',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Keep with this reason' }));
    expect(within(form).getByLabelText(/^Reason to keep it anyway/)).toHaveAccessibleDescription(
      'Say why it is kept (at least 3 characters).',
    );
    await userEvent.type(within(form).getByLabelText(/^Reason to keep it anyway/), 'Renewal receipt seen');
    await userEvent.click(within(form).getByRole('button', { name: 'Keep with this reason' }));
    expect(await within(form).findByText('Assigned.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      staffId: DORCAS_STAFF,
      templateId: DAY.id,
      day: '2026-03-03',
      reason: 'Renewal receipt seen',
    });
    const dorcas = await within(grid).findByRole('row', { name: /Dorcas Wambui/ });
    await waitFor(() => expect(dorcas).toHaveTextContent(/Day ⚠ not cleared/));

    expect(dorcas).toHaveTextContent(
      'not cleared to practise on a clinical shift · kept: Renewal receipt seen',
    );

    await userEvent.click(within(open).getByRole('button', { name: 'Publish' }));
    expect(await within(open).findByText('Published: each person is told their shifts.')).toBeInTheDocument();
  });

  it('is a list of days on a phone, in Kiswahili', async () => {
    window.innerWidth = 360;
    useSession.getState().signIn('token', AMINA);
    fakeCore('manager');
    await renderScreen(<RostersPage />, { path: '/hr/rosters' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const rosters = await screen.findByRole('region', { name: 'Ratiba za idara' });
    await userEvent.click(
      await within(rosters).findByRole('button', { name: /^Fungua ratiba ya Maternity ward/ }),
    );
    const monday = await screen.findByRole('region', { name: '2 Mac 2026' });
    expect(within(monday).getByText('Amina Otieno')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Jaza kwa pendekezo' })).toBeInTheDocument();
  });

  it('flags a tired nurse beside her name with the limits, counts it in the summary, and lets HR set the limits', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic' as const, name: 'Kisumu Clinic' });
    const calls = fakeCore('owner', true);
    await renderScreen(<RostersPage />, { path: '/hr/rosters' });
    const rosters = await screen.findByRole('region', { name: 'Rosters' });
    await userEvent.click(
      await within(rosters).findByRole('button', {
        name: 'Open the roster of Maternity ward from 2 Mar 2026',
      }),
    );
    const open = await screen.findByRole('region', { name: 'Maternity ward: 2 Mar 2026 to 8 Mar 2026' });
    const amina = within(within(open).getByRole('table', { name: 'Roster' })).getByRole('row', {
      name: /Amina Otieno/,
    });
    expect(amina).toHaveTextContent(
      '⚠ 5 nights in a row (at most 3), 0 rest days in some 7 days (at least 1)',
    );
    const summary = within(open).getByRole('region', { name: 'Rule summary' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '2 assignments: too many nights in a row',
      '1 shift short of people',
      '1 person: too many nights in a row',
      '1 person: too few rest days',
    ]);

    const limits = screen.getByRole('region', { name: 'Fatigue limits' });
    expect(await within(limits).findByText('At most 3 nights in a row')).toBeInTheDocument();
    await userEvent.selectOptions(within(limits).getByLabelText('Most nights in a row'), '4');
    await userEvent.selectOptions(within(limits).getByLabelText('Fewest rest days in any 7 days'), '2');
    await userEvent.click(within(limits).getByRole('button', { name: 'Save limits' }));
    expect(
      await within(limits).findByText('Limits saved: every roster flags people by them.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { fatigue: { maxConsecutiveNights: 4, minRestDays: 2 } },
    ]);
    expect(
      await within(limits).findByText('At least 2 rest days (days with no minute of work) in any 7 days'),
    ).toBeInTheDocument();
    expect(await within(amina).findByText(/at most 4/)).toBeInTheDocument();
  });

  it('shows a manager the limits but not the form', async () => {
    useSession.getState().signIn('token', AMINA);
    fakeCore('manager');
    await renderScreen(<RostersPage />, { path: '/hr/rosters' });
    const limits = await screen.findByRole('region', { name: 'Fatigue limits' });
    expect(await within(limits).findByText(/^At least 1 rest day/)).toBeInTheDocument();
    expect(within(limits).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets the ward’s manager make its clock-in code, ask for it, and print its QR code', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeCore('manager');
    await renderScreen(<RostersPage />, { path: '/hr/rosters' });
    const card = await screen.findByRole('region', { name: 'Ward clock-in code' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Make a code' }));
    expect(await within(card).findByText('K7M2-Q9PX')).toBeInTheDocument();
    expect(
      await within(card).findByRole('img', { name: 'QR code to clock in at Maternity ward' }),
    ).toBeInTheDocument();
    await userEvent.click(
      within(card).getByLabelText('Ask for the code at clock-in for the shifts of Maternity ward'),
    );
    expect(await within(card).findByText('A clock-in now asks for the code.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { required: false, rotate: true },
      { required: true, rotate: false },
    ]);
  });
});
