import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import CompliancePage from './CompliancePage';
import HrPage from './HrPage';

beforeEach(resetSession);
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const CLINIC = { ...AMINA, role: 'Clinic' as const, name: 'Kisumu Family Clinic' };
const named = (en: string, sw: string, fr: string) => ({ en, sw, fr });
const FIRE = named('Fire safety certificate', 'Cheti cha usalama wa moto', 'Certificat de sécurité incendie');
const SHA = named('SHA accreditation', 'Idhini ya SHA', 'Accréditation SHA');
const fire = {
  id: '7b0c1f7e-4444-4a3b-9c1d-000000000001',
  typeCode: 'ke-fire-safety',
  typeName: FIRE,
  number: 'FS/118',
  issuedOn: null,
  expiresOn: '2026-06-30',
  daysLeft: 20,
  status: 'expiring',
  locationId: null,
  file: null,
};
// Copies, as answers from the network are: the list on screen never shares the fake's objects.
const page = (data: unknown[]) => ({
  success: true,
  data: JSON.parse(JSON.stringify(data)) as unknown[],
  pageInfo: { page: 1, limit: 20, total: data.length },
});

/** svc-core as the page sees it: one fire certificate; SHA accreditation required and missing. */
function fakeCore() {
  const documents = [{ ...fire }];
  let shaRecorded = false;
  const calls = fakeApi(({ method, path, body }) => {
    if (path === '/api/core/compliance/types')
      return {
        body: {
          success: true,
          data: {
            country: 'KE',
            facilityType: 'Clinic',
            types: [
              {
                code: 'ke-fire-safety',
                name: FIRE,
                issuer: 'County fire department',
                required: true,
                recorded: true,
              },
              {
                code: 'ke-sha-accreditation',
                name: SHA,
                issuer: 'Social Health Authority',
                required: true,
                recorded: shaRecorded,
              },
            ],
          },
        },
      };
    if (method === 'GET' && path.startsWith('/api/core/compliance?expiringWithin=30'))
      return { body: page(documents.filter((d) => d.daysLeft <= 30)) };
    if (method === 'GET' && path.startsWith('/api/core/compliance')) return { body: page(documents) };
    if (method === 'POST' && path === '/api/core/compliance') {
      const b = body as { typeCode: string; number: string; expiresOn: string };
      if (b.number === 'SHA-1')
        return { status: 409, body: { success: false, message: 'exists', code: 'core.compliance_exists' } };
      shaRecorded = true;
      const made = {
        ...fire,
        id: '7b0c1f7e-4444-4a3b-9c1d-000000000002',
        typeCode: b.typeCode,
        typeName: SHA,
        number: b.number,
        expiresOn: b.expiresOn,
        daysLeft: 400,
        status: 'valid',
      };
      documents.push(made);
      return { status: 201, body: { success: true, data: made } };
    }
    if (method === 'PATCH' && path === `/api/core/compliance/${fire.id}`) {
      const b = body as { expiresOn: string };
      Object.assign(documents[0]!, { expiresOn: b.expiresOn, daysLeft: 385, status: 'valid' });
      return { body: { success: true, data: documents[0] } };
    }
    if (method === 'PUT' && path.startsWith(`/api/core/compliance/${fire.id}/file?name=`)) {
      Object.assign(documents[0]!, {
        file: {
          name: 'fire.png',
          contentType: 'image/png',
          size: 70,
          uploadedAt: '2026-06-10T06:00:00.000Z',
        },
      });
      return { body: { success: true, data: documents[0] } };
    }
    if (path === '/api/core/places')
      return {
        body: {
          success: true,
          data: {
            locations: [{ id: '7b0c1f7e-5555-4a3b-9c1d-000000000001', name: 'Kisumu' }],
            departments: [],
          },
        },
      };
    return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
  });
  return calls;
}

describe('/hr/compliance, the organisation’s documents', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr/compliance');
  });

  it('shows HR what is missing and what expires, adds a document and renews one', async () => {
    useSession.getState().signIn('token', CLINIC);
    const calls = fakeCore();
    await renderScreen(<CompliancePage />, { path: '/hr/compliance' });

    const required = await screen.findByRole('region', { name: 'What your facility must hold' });
    expect(within(required).getByText('1 required document is missing:')).toBeInTheDocument();
    expect(within(required).getByRole('list', { name: 'Missing required documents' })).toHaveTextContent(
      'SHA accreditation · Social Health Authority',
    );
    const list = screen.getByRole('region', { name: 'Documents' });
    const item = await within(list).findByText('Fire safety certificate');
    expect(item.closest('li')).toHaveTextContent(
      'Fire safety certificate · FS/118 · expires 30 Jun 2026 · expiring: 20 days left',
    );

    // The form says what is wrong before anything is sent.
    const add = screen.getByRole('region', { name: 'Add a document' });
    await userEvent.click(within(add).getByRole('button', { name: 'Add document' }));
    expect(within(add).getByLabelText(/^Document/)).toHaveAccessibleDescription('Choose the document.');
    expect(within(add).getByLabelText(/^Expires on/)).toHaveAccessibleDescription('Enter the expiry date.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.selectOptions(within(add).getByLabelText(/^Document/), 'SHA accreditation (required)');
    await userEvent.type(within(add).getByLabelText(/^Number/), 'SHA-1');
    await userEvent.type(within(add).getByLabelText(/^Expires on/), '2027-08-01');
    await userEvent.click(within(add).getByRole('button', { name: 'Add document' }));
    expect(
      await within(add).findByText('A document of this kind with this number is already recorded.'),
    ).toBeInTheDocument();

    await userEvent.clear(within(add).getByLabelText(/^Number/));
    await userEvent.type(within(add).getByLabelText(/^Number/), 'SHA-2');
    await userEvent.click(within(add).getByRole('button', { name: 'Add document' }));
    expect(await within(add).findByText('Document added.')).toBeInTheDocument();
    expect(await within(required).findByText('Every required document is recorded.')).toBeInTheDocument();
    expect(await within(list).findByText('SHA accreditation')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      typeCode: 'ke-sha-accreditation',
      number: 'SHA-2',
      expiresOn: '2027-08-01',
    });

    // Renewing: the new expiry date.
    await userEvent.click(within(list).getByRole('button', { name: 'Renew Fire safety certificate FS/118' }));
    const renewal = within(list).getByRole('form', { name: 'Renew Fire safety certificate FS/118' });
    await userEvent.type(within(renewal).getByLabelText(/^New expiry date/), '2027-06-30');
    await userEvent.click(within(renewal).getByRole('button', { name: 'Save renewal' }));
    expect(await within(list).findByText(/30 Jun 2027/)).toHaveTextContent(
      'FS/118 · expires 30 Jun 2027 · valid',
    );
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      number: 'FS/118',
      expiresOn: '2027-06-30',
    });

    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('heading', { name: 'Hati za utiifu' })).toBeInTheDocument();
    expect(within(list).getByText('Cheti cha usalama wa moto')).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(await screen.findByRole('heading', { name: 'Documents de conformité' })).toBeInTheDocument();
  });

  it('filters to those expiring within a window, as the dashboard’s links ask', async () => {
    useSession.getState().signIn('token', CLINIC);
    const calls = fakeCore();
    await renderScreen(<CompliancePage />, { path: '/hr/compliance?within=30' });
    const list = await screen.findByRole('region', { name: 'Documents' });
    expect(await within(list).findByText('Fire safety certificate')).toBeInTheDocument();
    expect(within(list).getByLabelText('Show')).toHaveValue('30');
    expect(calls.some((c) => c.path.startsWith('/api/core/compliance?expiringWithin=30'))).toBe(true);
  });

  it('tells staff the documents are HR’s, asking for none', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeApi(({ path }) =>
      path === '/api/core/staff/me'
        ? { body: { success: true, data: { role: 'staff', credentials: [] } } }
        : { status: 403, body: { success: false, message: 'x', code: 'request.forbidden' } },
    );
    await renderScreen(<CompliancePage />, { path: '/hr/compliance' });
    expect(await screen.findByText("The organisation's documents are kept by HR.")).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/core/compliance'))).toBe(false);
  });
});

describe('/hr/compliance, a document’s file', () => {
  it('uploads a scan or photo of a document, refusing one over 5 MB before sending it', async () => {
    useSession.getState().signIn('token', CLINIC);
    const calls = fakeCore();
    await renderScreen(<CompliancePage />, { path: '/hr/compliance' });
    const list = await screen.findByRole('region', { name: 'Documents' });
    const input = await within(list).findByLabelText(
      'Upload a scan or photo of Fire safety certificate FS/118',
    );
    expect(input).toHaveAccessibleDescription('A PDF or a photo (JPEG, PNG, WebP), at most 5 MB.');

    await userEvent.upload(
      input,
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }),
    );
    expect(await within(list).findByRole('alert')).toHaveTextContent('The file must be at most 5 MB.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.upload(input, new File(['png'], 'fire.png', { type: 'image/png' }));
    expect(await within(list).findByText(/File: fire\.png/)).toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: 'Download the file of Fire safety certificate FS/118' }),
    ).toBeInTheDocument();
    expect(
      within(list).getByLabelText('Replace the scan or photo of Fire safety certificate FS/118'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe(
      `/api/core/compliance/${fire.id}/file?name=fire.png`,
    );
  });
});

describe('/hr, the compliance documents’ figures', () => {
  it('shows HR the documents expiring, expired and missing, each linking to the list', async () => {
    useSession.getState().signIn('token', CLINIC);
    fakeApi(({ path }) => {
      if (path.startsWith('/api/core/dashboard'))
        return {
          body: {
            success: true,
            data: {
              headcount: 3,
              byLocation: [],
              byDepartment: [],
              cleared: 3,
              notCleared: 0,
              expiring: { within30: 0, within60: 0, within90: 0 },
              compliance: { expiring: { within30: 1, within60: 2, within90: 3 }, expired: 1, missing: 2 },
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
      within(figures).getByRole('link', { name: 'Documents expiring within 60 days: 2, show the list' }),
    ).toHaveAttribute('href', '/hr/compliance?within=60#compliance-documents');
    expect(
      within(figures).getByRole('link', { name: 'Required documents missing: 2, show the list' }),
    ).toHaveAttribute('href', '/hr/compliance');
    expect(screen.getByRole('link', { name: 'Compliance documents' })).toHaveAttribute(
      'href',
      '/hr/compliance',
    );
  });
});
