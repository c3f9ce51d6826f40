import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import HrPage from './HrPage';

beforeEach(resetSession);
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const page = (data: unknown[]) => ({
  success: true,
  data,
  pageInfo: { page: 1, limit: 20, total: data.length },
});
const licence = (number: string, expiresOn: string) => ({
  id: `7b0c1f7e-1111-4a3b-9c1d-0000000000${number.slice(-2)}`,
  personId: null,
  staffId: null,
  holderName: 'Achieng Otieno',
  councilId: '7b0c1f7e-1111-4a3b-9c1d-000000000099',
  councilAbbreviation: 'NCK',
  number,
  issuedOn: null,
  expiresOn,
  status: 'verified',
  verifiedBy: null,
  renewed: false,
});
/** Every role's licences alert HR (a plan without the limit): /hr's licence roles section, for HR. */
const licenceRoles = {
  success: true,
  data: { limit: null, roles: [], professions: ['Nurse'] },
};
const nurse = {
  id: '7b0c1f7e-2222-4a3b-9c1d-000000000001',
  personId: null,
  email: 'achieng@example.org',
  name: 'Achieng Otieno',
  phone: null,
  jobTitle: 'Staff Nurse',
  profession: 'Nurse',
  departmentId: null,
  locationId: null,
  startDate: null,
  employmentType: null,
  role: 'staff',
  clearance: { cleared: false, reason: 'expired' },
  nationalId: null,
  kraPin: null,
  shaNumber: null,
  nssfNumber: null,
  emergencyContact: null,
};

describe('/hr, Core HR', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr');
  });

  it('shows HR the figures, the licences expiring in the window chosen and those not cleared', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    const calls = fakeApi(({ path }) => {
      if (path === '/api/core/licence-alerts/roles') return { body: licenceRoles };
      if (path.startsWith('/api/core/dashboard'))
        return {
          body: {
            success: true,
            data: {
              headcount: 20,
              byLocation: [{ id: null, name: 'Kisumu', count: 20 }],
              byDepartment: [],
              cleared: 19,
              notCleared: 1,
              expiring: { within30: 1, within60: 2, within90: 2 },
              trainings: {
                required: 0,
                valid: 0,
                expiring: { within30: 0, within60: 0, within90: 0 },
                expired: 0,
                missing: 0,
              },
            },
          },
        };
      if (path.startsWith('/api/core/credentials?expiringWithin=30'))
        return { body: page([licence('NCK/01', '2026-06-30')]) };
      if (path.startsWith('/api/core/credentials'))
        return { body: page([licence('NCK/01', '2026-06-30'), licence('NCK/02', '2026-07-20')]) };
      if (path.startsWith('/api/core/places'))
        return { body: { success: true, data: { locations: [], departments: [] } } };
      if (path.includes('cleared=false')) return { body: page([nurse]) };
      return {
        body: page([
          nurse,
          {
            ...nurse,
            id: '7b0c1f7e-2222-4a3b-9c1d-000000000002',
            name: 'Baraka',
            clearance: { cleared: true, reason: 'valid' },
          },
        ]),
      };
    });
    await renderScreen(<HrPage />, { path: '/hr' });
    const figures = await screen.findByRole('region', { name: 'Compliance at a glance' });
    expect(within(figures).getByText('Cleared to practise').nextSibling).toHaveTextContent('19');
    // Each figure opens the list behind it.
    expect(
      within(figures).getByRole('link', { name: 'Not cleared to practise: 1, show the list' }),
    ).toHaveAttribute('href', '/hr?cleared=false#hr-staff');
    expect(
      within(figures).getByRole('link', { name: 'Licences expiring within 60 days: 2, show the list' }),
    ).toHaveAttribute('href', '/hr?within=60#hr-expiring');
    const expiring = screen.getByRole('region', { name: 'Licences expiring' });
    expect(await within(expiring).findByText(/NCK NCK\/01/)).toHaveTextContent('expires 30 Jun 2026');
    expect(within(expiring).queryByText(/NCK\/02/)).not.toBeInTheDocument();
    await userEvent.selectOptions(within(expiring).getByLabelText('Within'), '60 days');
    expect(await within(expiring).findByText(/NCK\/02/)).toBeInTheDocument();

    const staff = screen.getByRole('region', { name: /Staff \(/ });
    expect(await within(staff).findByText('Baraka')).toBeInTheDocument();
    await userEvent.selectOptions(
      within(staff).getByLabelText('Cleared to practise'),
      'not cleared to practise',
    );
    expect(await screen.findByRole('heading', { name: 'Staff (1)' })).toBeInTheDocument();
    expect(within(staff).queryByText('Baraka')).not.toBeInTheDocument();
    expect(within(staff).getByText(/not cleared to practise \(licence expired\)/)).toBeInTheDocument();
    expect(within(staff).getByRole('link', { name: 'Achieng Otieno' })).toHaveAttribute(
      'href',
      `/hr/staff/${nurse.id}`,
    );
    expect(calls.some((c) => c.path.includes('cleared=false'))).toBe(true);
    expect(currentUrl()).toBe('/hr?within=60&cleared=false');

    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('heading', { name: 'Leseni zinazoisha' })).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(
      await screen.findByRole('heading', { name: "Autorisations d'exercer qui expirent" }),
    ).toBeInTheDocument();
  });

  it('shows staff their own record and licences, without the dashboard they may not read', async () => {
    useSession.getState().signIn('token', AMINA);
    fakeApi(({ path }) => {
      if (path === '/api/core/licence-alerts/roles') return { body: licenceRoles };
      if (path.startsWith('/api/core/dashboard'))
        return { status: 403, body: { success: false, message: 'x', code: 'request.forbidden' } };
      if (path.startsWith('/api/core/credentials')) return { body: page([]) };
      return { body: page([nurse]) };
    });
    await renderScreen(<HrPage />, { path: '/hr' });
    expect(await screen.findByText('No licence expires within 30 days.')).toBeInTheDocument();
    expect(await screen.findByText('Achieng Otieno')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Compliance at a glance' })).not.toBeInTheDocument();
  });
});

describe('/hr CSV exports', () => {
  const csv = { body: new Blob(['\uFEFF"Name"\r\n']) };
  function saving() {
    URL.createObjectURL = jest.fn(() => 'blob:csv');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    return saved;
  }
  afterEach(() => jest.restoreAllMocks());

  it('downloads the staff list as filtered and the licences of the window chosen', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    const saved = saving();
    const calls = fakeApi(({ path }) => {
      if (path === '/api/core/licence-alerts/roles') return { body: licenceRoles };
      if (path.startsWith('/api/core/staff.csv') || path.startsWith('/api/core/credentials.csv')) return csv;
      if (path.startsWith('/api/core/dashboard'))
        return { status: 403, body: { success: false, message: 'x', code: 'request.forbidden' } };
      if (path.startsWith('/api/core/places'))
        return { body: { success: true, data: { locations: [], departments: [] } } };
      if (path.startsWith('/api/core/credentials')) return { body: page([]) };
      return { body: page([nurse]) };
    });
    await renderScreen(<HrPage />, { path: '/hr?cleared=false&within=60' });
    const staff = await screen.findByRole('region', { name: /Staff \(/ });
    await userEvent.click(within(staff).getByRole('button', { name: 'Download the staff list (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['staff.csv']));
    expect(calls.map((c) => c.path)).toContain('/api/core/staff.csv?cleared=false');

    const expiring = screen.getByRole('region', { name: 'Licences expiring' });
    await userEvent.click(within(expiring).getByRole('button', { name: 'Download these licences (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['staff.csv', 'licences-expiring-60-days.csv']));
    expect(calls.map((c) => c.path)).toContain('/api/core/credentials.csv?expiringWithin=60');
  });

  it("shows the service's refusal in the page's language", async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    saving();
    fakeApi(({ path }) => {
      if (path === '/api/core/licence-alerts/roles') return { body: licenceRoles };
      if (path.startsWith('/api/core/staff.csv'))
        return { status: 422, body: { success: false, message: 'x', code: 'core.export_too_large' } };
      if (path.startsWith('/api/core/dashboard'))
        return { status: 403, body: { success: false, message: 'x', code: 'request.forbidden' } };
      if (path.startsWith('/api/core/places'))
        return { body: { success: true, data: { locations: [], departments: [] } } };
      if (path.startsWith('/api/core/credentials')) return { body: page([]) };
      return { body: page([nurse]) };
    });
    await renderScreen(<HrPage />, { path: '/hr' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    await userEvent.click(await screen.findByRole('button', { name: 'Pakua orodha ya wafanyakazi (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Safu nyingi mno zinalingana kwa faili moja: punguza vichujio kisha pakua tena.',
    );
  });

  it('offers staff, whose list is themselves, no download', async () => {
    useSession.getState().signIn('token', AMINA);
    fakeApi(({ path }) => {
      if (path === '/api/core/licence-alerts/roles') return { body: licenceRoles };
      if (path.startsWith('/api/core/dashboard'))
        return { status: 403, body: { success: false, message: 'x', code: 'request.forbidden' } };
      if (path.startsWith('/api/core/staff/me'))
        return { body: { success: true, data: { ...nurse, credentials: [] } } };
      if (path.startsWith('/api/core/credentials')) return { body: page([]) };
      return { body: page([nurse]) };
    });
    await renderScreen(<HrPage />, { path: '/hr' });
    expect(await screen.findByText('Achieng Otieno')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /CSV/ })).not.toBeInTheDocument();
  });
});

describe('/hr recently hired', () => {
  const hire = {
    id: '7b0c1f7e-3333-4a3b-9c1d-000000000001',
    applicantId: '7b0c1f7e-3333-4a3b-9c1d-000000000002',
    name: 'Zawadi Mrema',
    email: 'zawadi@example.org',
    phone: null,
    jobTitle: 'Theatre Nurse',
    profession: 'Nurse',
    acceptedAt: '2026-11-20T09:00:00.000Z',
  };
  function api(pending: (typeof hire)[]) {
    return fakeApi(({ method, path }) => {
      if (path === '/api/core/licence-alerts/roles') return { body: licenceRoles };
      if (method === 'POST' && path === `/api/core/hires/${hire.id}/dismiss`) {
        pending.length = 0;
        return { body: { success: true, message: 'Dismissed.' } };
      }
      if (path.startsWith('/api/core/hires')) return { body: page(pending) };
      if (path.startsWith('/api/core/dashboard'))
        return { status: 403, body: { success: false, message: 'x', code: 'request.forbidden' } };
      if (path.startsWith('/api/core/places'))
        return { body: { success: true, data: { locations: [], departments: [] } } };
      return { body: page([]) };
    });
  }

  it('offers the owner to invite an applicant accepted in Hire, prefilled, or to dismiss them', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    const calls = api([hire]);
    await renderScreen(<HrPage />, { path: '/hr' });
    const hires = await screen.findByRole('region', { name: 'Recently hired: invite to your team' });
    expect(within(hires).getByText(/Theatre Nurse · zawadi@example.org/)).toBeInTheDocument();
    expect(within(hires).getByRole('link', { name: 'Invite Zawadi Mrema to your team' })).toHaveAttribute(
      'href',
      '/team?invite=zawadi%40example.org',
    );
    await userEvent.click(within(hires).getByRole('button', { name: 'Dismiss Zawadi Mrema' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Recently hired: invite to your team' }),
      ).not.toBeInTheDocument(),
    );
    expect(calls.some((c) => c.method === 'POST' && c.path === `/api/core/hires/${hire.id}/dismiss`)).toBe(
      true,
    );
  });

  it('shows it in Kiswahili and French', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    api([hire]);
    await renderScreen(<HrPage />, { path: '/hr' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(
      await screen.findByRole('heading', { name: 'Walioajiriwa hivi karibuni: waalike kwenye timu yako' }),
    ).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(
      await screen.findByRole('link', { name: 'Inviter Zawadi Mrema dans votre équipe' }),
    ).toBeInTheDocument();
  });
});

describe('/hr set-up', () => {
  it('lets HR add locations and departments, showing a refusal at the field', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    const locations: { id: string; name: string }[] = [];
    const calls = fakeApi(({ method, path, body }) => {
      if (path === '/api/core/licence-alerts/roles') return { body: licenceRoles };
      if (path === '/api/core/places')
        return { body: { success: true, data: { locations: [...locations], departments: [] } } };
      if (method === 'POST' && path === '/api/core/locations') {
        const { name } = body as { name: string };
        if (locations.some((l) => l.name === name))
          return {
            status: 409,
            body: { success: false, message: 'exists', code: 'core.location_exists' },
          };
        const place = { id: `7b0c1f7e-3333-4a3b-9c1d-00000000000${locations.length}`, name };
        locations.push(place);
        return { status: 201, body: { success: true, data: place } };
      }
      if (path.startsWith('/api/core/dashboard'))
        return { status: 403, body: { success: false, message: 'x', code: 'request.forbidden' } };
      return { body: page([]) };
    });
    await renderScreen(<HrPage />, { path: '/hr' });
    const setup = await screen.findByRole('region', { name: 'Locations and departments' });
    expect(await within(setup).findByText('No location yet.')).toBeInTheDocument();

    await userEvent.click(within(setup).getByRole('button', { name: 'Add location' }));
    expect(within(setup).getByLabelText('New location (branch)')).toHaveAccessibleDescription(
      'Enter a name.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(setup).getByLabelText('New location (branch)'), 'Kisumu{Enter}');
    expect(await within(setup).findByText('Location Kisumu added.')).toBeInTheDocument();
    expect(await within(setup).findByRole('listitem')).toHaveTextContent('Kisumu');
    expect(within(setup).getByLabelText('New location (branch)')).toHaveValue('');

    await userEvent.type(within(setup).getByLabelText('New location (branch)'), 'Kisumu{Enter}');
    expect(await within(setup).findByText('This location already exists.')).toBeInTheDocument();
    expect(locations).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Import staff from a CSV file' })).toHaveAttribute(
      'href',
      '/hr/import',
    );
    expect(screen.getByRole('link', { name: 'Policies' })).toHaveAttribute('href', '/hr/policies');
  });

  it('lets HR choose the organisation’s time zone, East Africa Time first, and says when it is saved', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    let zone = 'Africa/Nairobi';
    const calls = fakeApi(({ method, path, body }) => {
      if (path === '/api/core/licence-alerts/roles') return { body: licenceRoles };
      if (path === '/api/core/organisation') {
        if (method === 'PATCH') zone = (body as { timeZone: string }).timeZone;
        const data = { id: AMINA.id, name: 'Kisumu', country: 'KE', facilityType: 'Clinic', timeZone: zone };
        return { body: { success: true, data } };
      }
      if (path === '/api/core/places')
        return { body: { success: true, data: { locations: [], departments: [] } } };
      if (path.startsWith('/api/core/dashboard'))
        return { status: 403, body: { success: false, message: 'x', code: 'request.forbidden' } };
      return { body: page([]) };
    });
    await renderScreen(<HrPage />, { path: '/hr' });
    const section = await screen.findByRole('region', { name: 'Time zone' });
    const select = await within(section).findByRole('combobox', { name: "The organisation's time zone" });
    expect(select).toHaveValue('Africa/Nairobi');
    const options = within(select).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Africa/Nairobi (GMT+03:00)');
    expect(options[3]).toHaveValue('Africa/Kigali');
    await userEvent.selectOptions(select, 'Africa/Kigali');
    await userEvent.click(within(section).getByRole('button', { name: 'Save time zone' }));
    expect(
      await within(section).findByText('Time zone set to Africa/Kigali (GMT+02:00).'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { timeZone: 'Africa/Kigali' },
    ]);
  });
});
