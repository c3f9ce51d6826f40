import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import HrPage from './HrPage';
import TrainingsPage from './TrainingsPage';

beforeEach(resetSession);
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const CLINIC = { ...AMINA, role: 'Clinic' as const, name: 'Kisumu Family Clinic' };
const BLS = {
  id: '7b0c1f7e-6666-4a3b-9c1d-000000000001',
  name: 'Basic Life Support (BLS)',
  validityMonths: 24 as number | null,
  everyone: false,
  professions: ['Doctor', 'Nurse'],
  roles: [] as string[],
};
const IPC = {
  id: '7b0c1f7e-6666-4a3b-9c1d-000000000002',
  name: 'Infection prevention and control',
  validityMonths: 12 as number | null,
  everyone: true,
  professions: [] as string[],
  roles: [] as string[],
};
const NURSE_ID = '7b0c1f7e-7777-4a3b-9c1d-000000000001';
const MEMBERS = [
  { id: NURSE_ID, name: 'Achieng Otieno' },
  { id: '7b0c1f7e-7777-4a3b-9c1d-000000000002', name: 'Baraka Mwita' },
  { id: '7b0c1f7e-7777-4a3b-9c1d-000000000003', name: 'Barasa Wekesa' },
];
const page = (data: unknown[]) => ({
  success: true,
  data,
  pageInfo: { page: 1, limit: 20, total: data.length },
});
const record = {
  id: '7b0c1f7e-8888-4a3b-9c1d-000000000001',
  staffId: NURSE_ID,
  personName: 'Achieng Otieno',
  typeId: IPC.id,
  typeName: IPC.name,
  completedOn: '2025-07-01',
  expiresOn: '2026-07-01',
  status: 'expiring',
  source: 'events',
  certificateRef: null,
  eventId: '7b0c1f7e-9999-4a3b-9c1d-000000000001',
  verified: true,
  renewed: false,
};

/** A completion the member recorded themselves: HR has not checked its certificate yet. */
const own = {
  ...record,
  id: '7b0c1f7e-8888-4a3b-9c1d-000000000002',
  personName: 'Baraka Mwita',
  typeId: BLS.id,
  typeName: BLS.name,
  status: 'valid',
  source: 'manual',
  certificateRef: 'RC/77',
  eventId: null,
};

/** svc-core as the page sees it, for `role`: the types, one's statuses, the records, the staff list. */
function fakeCore(role: string) {
  let ownVerified = false;
  const types = [{ ...BLS }, { ...IPC }];
  return fakeApi(({ method, path, body }) => {
    if (path === '/api/core/staff/me')
      return { body: { success: true, data: { role, credentials: [], cpdPoints: 0 } } };
    if (method === 'POST' && path === '/api/core/trainings/types') {
      const b = body as typeof BLS;
      if (types.some((t) => t.name.toLowerCase() === b.name.toLowerCase()))
        return {
          status: 409,
          body: { success: false, message: 'exists', code: 'core.training_type_exists' },
        };
      const added = { ...b, id: '7b0c1f7e-6666-4a3b-9c1d-000000000003' };
      types.push(added);
      return { status: 201, body: { success: true, data: added } };
    }
    if (method === 'PATCH' && path.startsWith('/api/core/trainings/types/')) {
      const type = types.find((t) => path.endsWith(t.id))!;
      Object.assign(type, body);
      return { body: { success: true, data: type } };
    }
    if (path.startsWith('/api/core/trainings/types')) return { body: page(types) };
    if (path === '/api/core/trainings/me')
      return {
        body: {
          success: true,
          data: [
            {
              typeId: BLS.id,
              name: BLS.name,
              validityMonths: 24,
              status: 'missing',
              completedOn: null,
              expiresOn: null,
            },
            {
              typeId: IPC.id,
              name: IPC.name,
              validityMonths: 12,
              status: 'expired',
              completedOn: '2025-01-10',
              expiresOn: '2026-01-10',
            },
          ],
        },
      };
    if (method === 'GET' && path.startsWith('/api/core/trainings'))
      return { body: page([record, { ...own, verified: ownVerified }]) };
    if (method === 'POST' && path === `/api/core/trainings/${own.id}/verify`) {
      ownVerified = true;
      return { body: { success: true, data: { ...own, verified: true } } };
    }
    if (method === 'POST' && path === '/api/core/trainings') {
      const b = body as { completedOn: string };
      if (b.completedOn > '2026-06-01')
        return {
          status: 400,
          body: { success: false, message: 'future', code: 'core.training_in_future' },
        };
      return { status: 201, body: { success: true, data: { ...record, ...b } } };
    }
    if (path.startsWith('/api/core/staff')) {
      // The staff API's search: any part of a name.
      const search = new URL(path, 'http://x').searchParams.get('search')?.toLowerCase() ?? '';
      return { body: page(MEMBERS.filter((m) => m.name.toLowerCase().includes(search))) };
    }
    return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
  });
}

describe('/hr/trainings', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr/trainings');
  });

  it('shows a member their required trainings and records their own, unverified, completion', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeCore('staff');
    await renderScreen(<TrainingsPage />, { path: '/hr/trainings' });
    const mine = await screen.findByRole('region', { name: 'My trainings' });
    const items = await within(mine).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Basic Life Support (BLS) · Missing',
      'Infection prevention and control · Expired · completed 10 Jan 2025 · expires 10 Jan 2026',
    ]);
    // Staff see no one else's completions and choose no member.
    expect(screen.queryByRole('region', { name: 'Completed trainings' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/core/trainings?'))).toBe(false);

    const add = within(mine).getByRole('region', { name: 'Record a training I completed' });
    await userEvent.click(within(add).getByRole('button', { name: 'Save training' }));
    expect(within(add).getByLabelText(/^Training/)).toHaveAccessibleDescription('Choose the training.');
    expect(within(add).getByLabelText(/^Completed on/)).toHaveAccessibleDescription(
      'Enter the day it was completed.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.selectOptions(within(add).getByLabelText(/^Training/), BLS.name);
    await userEvent.type(within(add).getByLabelText(/^Completed on/), '2030-01-01');
    await userEvent.click(within(add).getByRole('button', { name: 'Save training' }));
    expect(await within(add).findByText('The completion date cannot be in the future.')).toBeInTheDocument();

    await userEvent.clear(within(add).getByLabelText(/^Completed on/));
    await userEvent.type(within(add).getByLabelText(/^Completed on/), '2026-02-14');
    await userEvent.type(within(add).getByLabelText(/^Certificate number/), 'RC-2026/14');
    await userEvent.click(within(add).getByRole('button', { name: 'Save training' }));
    expect(
      await within(add).findByText('Training recorded. HR will check your certificate.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      typeId: BLS.id,
      completedOn: '2026-02-14',
      certificateRef: 'RC-2026/14',
    });

    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('heading', { name: 'Mafunzo yangu' })).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(await screen.findByRole('heading', { name: 'Mes formations' })).toBeInTheDocument();
  });

  it('lists HR the completions, filtered as the dashboard’s links ask, and records one for a member', async () => {
    useSession.getState().signIn('token', CLINIC);
    const calls = fakeCore('owner');
    await renderScreen(<TrainingsPage />, { path: '/hr/trainings?within=30' });
    const list = await screen.findByRole('region', { name: 'Completed trainings' });
    expect(await within(list).findByText('Achieng Otieno')).toBeInTheDocument();
    expect(within(list).getByText('Achieng Otieno').closest('li')).toHaveTextContent(
      'Achieng Otieno · Infection prevention and control · completed 1 Jul 2025 · expires 1 Jul 2026 · Expiring · from Events',
    );
    expect(within(list).getByLabelText('Show')).toHaveValue('30');
    expect(calls.some((c) => c.path.startsWith('/api/core/trainings?expiringWithin=30'))).toBe(true);
    const baraka = within(list).getByText('Baraka Mwita').closest('li')!;
    expect(baraka).toHaveTextContent('not yet checked by HR · certificate RC/77');
    await userEvent.click(
      within(baraka).getByRole('button', {
        name: "Mark Baraka Mwita's Basic Life Support (BLS) certificate as checked",
      }),
    );
    expect(
      await within(list).findByText(
        (_, el) =>
          el?.tagName === 'LI' &&
          /Baraka Mwita/.test(el.textContent ?? '') &&
          !/not yet checked/.test(el.textContent ?? ''),
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`/${own.id}/verify`))).toBe(true);
    // The owner has no record of their own, so no "My trainings".
    expect(screen.queryByRole('region', { name: 'My trainings' })).not.toBeInTheDocument();

    const add = screen.getByRole('region', { name: "Record a member's training" });
    await userEvent.click(within(add).getByRole('button', { name: 'Save training' }));
    expect(within(add).getByLabelText(/^Member/)).toHaveAccessibleDescription('Choose the member.');
    await userEvent.selectOptions(within(add).getByLabelText(/^Member/), 'Achieng Otieno');
    await userEvent.selectOptions(within(add).getByLabelText(/^Training/), IPC.name);
    await userEvent.type(within(add).getByLabelText(/^Completed on/), '2026-03-01');
    await userEvent.click(within(add).getByRole('button', { name: 'Save training' }));
    expect(await within(add).findByText('Training recorded.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      typeId: IPC.id,
      completedOn: '2026-03-01',
      staffId: NURSE_ID,
    });
  });

  it('finds the member to record a training for by searching the staff list, not the first hundred', async () => {
    useSession.getState().signIn('token', CLINIC);
    const calls = fakeCore('owner');
    await renderScreen(<TrainingsPage />, { path: '/hr/trainings' });
    const add = await screen.findByRole('region', { name: "Record a member's training" });
    const member = within(add).getByLabelText(/^Member/);
    await within(add).findByRole('option', { name: 'Barasa Wekesa' });
    expect(within(add).getByRole('status')).toHaveTextContent('3 members found.');

    await userEvent.type(within(add).getByRole('searchbox', { name: 'Find a member' }), 'bara');
    await waitFor(() =>
      expect(
        within(member)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a member', 'Baraka Mwita', 'Barasa Wekesa']),
    );
    expect(calls.some((c) => c.path === '/api/core/staff?limit=20&search=bara')).toBe(true);
    // One request for the pause in typing, not one per key.
    expect(calls.filter((c) => c.path.includes('search=b'))).toHaveLength(1);
    await userEvent.selectOptions(member, 'Baraka Mwita');

    // The chosen member stays chosen while the search changes.
    await userEvent.clear(within(add).getByRole('searchbox', { name: 'Find a member' }));
    await userEvent.type(within(add).getByRole('searchbox', { name: 'Find a member' }), 'zzz');
    expect(await within(add).findByText('No member matches “zzz”.')).toBeInTheDocument();
    expect(member).toHaveValue(MEMBERS[1]!.id);

    await userEvent.selectOptions(within(add).getByLabelText(/^Training/), BLS.name);
    await userEvent.type(within(add).getByLabelText(/^Completed on/), '2026-03-01');
    await userEvent.click(within(add).getByRole('button', { name: 'Save training' }));
    expect(await within(add).findByText('Training recorded.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      typeId: BLS.id,
      completedOn: '2026-03-01',
      staffId: MEMBERS[1]!.id,
    });
  });

  it('lets HR add a training and edit one: name, validity and the professions and roles it is required of', async () => {
    useSession.getState().signIn('token', CLINIC);
    const calls = fakeCore('owner');
    await renderScreen(<TrainingsPage />, { path: '/hr/trainings' });
    const section = await screen.findByRole('region', { name: 'Trainings and who needs them' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Basic Life Support (BLS) · valid for 24 months · required of: Doctor, Nurse Edit',
      'Infection prevention and control · valid for 12 months · required of: Everyone Edit',
    ]);

    // Add: checked before sending, then sent whole.
    await userEvent.click(within(section).getByRole('button', { name: 'Add a training' }));
    const form = within(section).getByRole('form', { name: 'Add a training' });
    await userEvent.type(within(form).getByLabelText(/^Valid for/), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText(/^Name/)).toHaveAccessibleDescription(
      'Enter a name of at least 2 characters.',
    );
    expect(within(form).getByLabelText(/^Valid for/)).toHaveAccessibleDescription(
      'Enter whole months from 1 to 120, or leave it empty.',
    );
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText(/^Name/), 'basic life support (bls)');
    await userEvent.clear(within(form).getByLabelText(/^Valid for/));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A training with this name already exists.')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText(/^Name/));
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Neonatal resuscitation');
    await userEvent.type(within(form).getByLabelText(/^Valid for/), '24');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Nurse' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Manager' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(section).findByText(
        (_, el) => el?.tagName === 'LI' && /^Neonatal resuscitation/.test(el.textContent ?? ''),
      ),
    ).toHaveTextContent('Neonatal resuscitation · valid for 24 months · required of: Nurse, Manager');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      name: 'Neonatal resuscitation',
      validityMonths: 24,
      everyone: false,
      professions: ['Nurse'],
      roles: ['manager'],
    });

    // Edit in place: the form starts from the training as it is.
    await userEvent.click(within(section).getByRole('button', { name: 'Edit Basic Life Support (BLS)' }));
    const edit = within(section).getByRole('form', { name: 'Edit Basic Life Support (BLS)' });
    expect(within(edit).getByLabelText(/^Name/)).toHaveValue('Basic Life Support (BLS)');
    expect(within(edit).getByLabelText(/^Valid for/)).toHaveValue(24);
    expect(within(edit).getByRole('checkbox', { name: 'Doctor' })).toBeChecked();
    await userEvent.clear(within(edit).getByLabelText(/^Valid for/));
    await userEvent.click(within(edit).getByRole('checkbox', { name: 'Everyone' }));
    expect(within(edit).queryByRole('checkbox', { name: 'Doctor' })).not.toBeInTheDocument();
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(
      await within(section).findByText(
        (_, el) => el?.tagName === 'LI' && /^Basic Life Support/.test(el.textContent ?? ''),
      ),
    ).toHaveTextContent('Basic Life Support (BLS) · does not expire · required of: Everyone');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe(`/api/core/trainings/types/${BLS.id}`);
    expect(patch.body).toEqual({
      name: 'Basic Life Support (BLS)',
      validityMonths: null,
      everyone: true,
      professions: [],
      roles: [],
    });

    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('heading', { name: 'Mafunzo na wanaoyahitaji' })).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(
      await screen.findByRole('heading', { name: 'Formations et qui doit les suivre' }),
    ).toBeInTheDocument();
  });

  it('shows staff no training settings', async () => {
    useSession.getState().signIn('token', AMINA);
    fakeCore('staff');
    await renderScreen(<TrainingsPage />, { path: '/hr/trainings' });
    await screen.findByRole('region', { name: 'My trainings' });
    expect(screen.queryByRole('region', { name: 'Trainings and who needs them' })).not.toBeInTheDocument();
  });

  it('shows on /hr the share of required trainings valid and links each figure to the list', async () => {
    useSession.getState().signIn('token', CLINIC);
    fakeApi(({ path }) => {
      if (path.startsWith('/api/core/dashboard'))
        return {
          body: {
            success: true,
            data: {
              headcount: 4,
              byLocation: [],
              byDepartment: [],
              cleared: 4,
              notCleared: 0,
              expiring: { within30: 0, within60: 0, within90: 0 },
              compliance: null,
              trainings: {
                required: 10,
                valid: 4,
                expiring: { within30: 1, within60: 2, within90: 3 },
                expired: 1,
                missing: 5,
              },
            },
          },
        };
      if (path.startsWith('/api/core/places'))
        return { body: { success: true, data: { locations: [], departments: [] } } };
      // /hr's licence-alert roles: a plan without a limit.
      if (path === '/api/core/licence-alerts/roles')
        return { body: { success: true, data: { limit: null, roles: [], professions: [] } } };
      return { body: page([]) };
    });
    await renderScreen(<HrPage />, { path: '/hr' });
    const figures = await screen.findByRole('region', { name: 'Compliance at a glance' });
    expect(
      within(figures).getByText('Training completion: 4 of 10 required trainings valid (40%).'),
    ).toBeInTheDocument();
    expect(
      within(figures).getByRole('link', { name: 'Trainings expiring within 60 days: 2, show the list' }),
    ).toHaveAttribute('href', '/hr/trainings?within=60#training-records');
    expect(
      within(figures).getByRole('link', { name: 'Required trainings missing: 5, show the list' }),
    ).toHaveAttribute('href', '/hr/trainings');
    expect(screen.getByRole('link', { name: 'Trainings' })).toHaveAttribute('href', '/hr/trainings');
  });
});
