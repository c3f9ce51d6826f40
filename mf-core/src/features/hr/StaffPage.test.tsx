import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@platform/router';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import MyRecordPage, { StaffRecordPage } from './StaffPage';

beforeEach(resetSession);
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const ID = '7b0c1f7e-2222-4a3b-9c1d-000000000001';
const NCK = '7b0c1f7e-1111-4a3b-9c1d-000000000099';
const licence = {
  id: '7b0c1f7e-1111-4a3b-9c1d-000000000001',
  personId: 'u-achieng',
  staffId: null,
  holderName: 'Achieng Otieno',
  councilId: NCK,
  councilAbbreviation: 'NCK',
  number: 'NCK/5001',
  issuedOn: '2024-01-01',
  expiresOn: '2026-12-31',
  status: 'unverified',
  verifiedBy: null as { organisation: string; at: string } | null,
  renewed: false,
  file: null as { name: string; contentType: string; size: number; uploadedAt: string } | null,
};
const record = {
  id: ID,
  personId: 'u-achieng',
  email: 'achieng@example.org',
  name: 'Achieng Otieno',
  phone: '0712345678',
  jobTitle: 'Staff Nurse',
  profession: 'Nurse',
  departmentId: null,
  locationId: null,
  startDate: null,
  employmentType: null,
  role: 'staff',
  clearance: { cleared: false, reason: 'expired' },
  nationalId: '12345678',
  kraPin: 'A123456789Z',
  shaNumber: null,
  nssfNumber: null,
  emergencyContact: null,
  credentials: [licence],
  cpdPoints: 12,
};
const councils = {
  success: true,
  data: [
    {
      id: NCK,
      organisationId: null,
      code: 'ke-nck',
      name: 'Nursing Council of Kenya',
      abbreviation: 'NCK',
      country: 'KE',
      professions: ['Nurse'],
      renewalMonths: 36,
      endsOn: null,
      registerUrl: 'https://nckenya.go.ke/register',
    },
  ],
  pageInfo: { page: 1, limit: 100, total: 1 },
};
const places = { success: true, data: { locations: [], departments: [] } };

describe('/hr/staff/:id and /hr/me', () => {
  it('are routes of mf-core', () => {
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/hr/me', '/hr/staff/:id']));
  });

  it('shows HR the record, "not cleared" plainly, and verifies a licence after the register check', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    let current = record;
    const calls = fakeApi(({ method, path }) => {
      if (path === `/api/core/staff/${ID}`) return { body: { success: true, data: current } };
      if (path.startsWith('/api/core/councils')) return { body: councils };
      if (path === '/api/core/places') return { body: places };
      if (method === 'POST' && path === `/api/core/credentials/${licence.id}/verify`) {
        const verified = {
          ...licence,
          status: 'verified',
          verifiedBy: { organisation: 'Kisumu Family Clinic', at: '2026-06-01T09:00:00.000Z' },
        };
        current = { ...record, clearance: { cleared: true, reason: 'valid' }, credentials: [verified] };
        return { body: { success: true, data: verified } };
      }
      return { status: 404, body: { success: false, message: 'x', code: 'core.staff_not_found' } };
    });
    await renderScreen(
      <Routes>
        <Route path="/hr/staff/:id" element={<StaffRecordPage />} />
      </Routes>,
      { path: `/hr/staff/${ID}` },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Achieng Otieno' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Not cleared to practise: licence expired');
    const details = screen.getByRole('region', { name: 'Record' });
    expect(within(details).getByText('KRA PIN').nextSibling).toHaveTextContent('A123456789Z');
    expect(within(details).getByText('CPD points (from Events)').nextSibling).toHaveTextContent('12');

    const licences = screen.getByRole('region', { name: 'Licences and registrations' });
    expect(within(licences).getByText(/NCK NCK\/5001/, { selector: 'strong' })).toBeInTheDocument();
    expect(await within(licences).findByRole('link', { name: /nckenya\.go\.ke\/register/ })).toHaveAttribute(
      'href',
      'https://nckenya.go.ke/register',
    );
    await userEvent.click(
      within(licences).getByRole('button', { name: 'I checked the register: verify NCK NCK/5001' }),
    );
    expect(
      await within(licences).findByText(/verified by Kisumu Family Clinic on 1 Jun 2026/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Not cleared to practise:/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('lets HR revoke a licence, asking first what the register shows', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    let current = record;
    const calls = fakeApi(({ method, path }) => {
      if (path === `/api/core/staff/${ID}`) return { body: { success: true, data: current } };
      if (path.startsWith('/api/core/councils')) return { body: councils };
      if (path === '/api/core/places') return { body: places };
      if (method === 'POST' && path === `/api/core/credentials/${licence.id}/revoke`) {
        const revoked = { ...licence, status: 'revoked' };
        current = { ...record, credentials: [revoked] };
        return { body: { success: true, data: revoked } };
      }
      return { status: 404, body: { success: false, message: 'x', code: 'core.staff_not_found' } };
    });
    await renderScreen(
      <Routes>
        <Route path="/hr/staff/:id" element={<StaffRecordPage />} />
      </Routes>,
      { path: `/hr/staff/${ID}` },
    );
    const licences = await screen.findByRole('region', { name: 'Licences and registrations' });
    await userEvent.click(within(licences).getByRole('button', { name: 'Revoke NCK NCK/5001' }));
    const reason = within(licences).getByLabelText(/What the register shows/);
    expect(reason).toHaveFocus();
    await userEvent.click(within(licences).getByRole('button', { name: 'Revoke NCK NCK/5001' }));
    expect(reason).toHaveAccessibleDescription(/Say what the register shows/);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(reason, 'Struck off on 1 June');
    await userEvent.click(within(licences).getByRole('button', { name: 'Revoke NCK NCK/5001' }));
    expect(await within(licences).findByText('revoked')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reason: 'Struck off on 1 June' },
    ]);
    expect(within(licences).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('lets HR change the record and the role, sending only what changed', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    const calls = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === `/api/core/staff/${ID}`)
        return { body: { success: true, data: record } };
      if (path.startsWith('/api/core/councils')) return { body: councils };
      if (path === '/api/core/places') return { body: places };
      if (method === 'PATCH') return { body: { success: true, data: record } };
      if (method === 'PUT') return { body: { success: true, data: { ...record, role: 'hr-admin' } } };
      return { status: 404, body: {} };
    });
    await renderScreen(
      <Routes>
        <Route path="/hr/staff/:id" element={<StaffRecordPage />} />
      </Routes>,
      { path: `/hr/staff/${ID}` },
    );
    const edit = await screen.findByRole('region', { name: 'Edit the record' });
    await userEvent.clear(within(edit).getByLabelText('Job title'));
    await userEvent.type(within(edit).getByLabelText('Job title'), 'Nursing Officer');
    await userEvent.clear(within(edit).getByLabelText('KRA PIN'));
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByText('Saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `/api/core/staff/${ID}`,
      body: { jobTitle: 'Nursing Officer', kraPin: null },
    });

    const role = screen.getByRole('region', { name: 'Role in the organisation' });
    await userEvent.selectOptions(within(role).getByLabelText('Role'), 'HR admin');
    await userEvent.click(within(role).getByRole('button', { name: 'Save role' }));
    expect(await within(role).findByText('The role is now HR admin.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { role: 'hr-admin' } });
  });

  it('shows a nurse her own record in Kiswahili, lets her correct her phone and add her own licence', async () => {
    useSession.getState().signIn('token', { ...AMINA, id: 'u-achieng' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const mine = { ...record, role: 'staff', credentials: [] as (typeof licence)[] };
    const calls = fakeApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/core/staff/me')
        return { body: { success: true, data: { ...mine } } };
      if (path.startsWith('/api/core/councils')) return { body: councils };
      if (path === '/api/core/places') return { body: places };
      if (path.startsWith('/api/core/policies?'))
        return { body: { success: true, data: [], pageInfo: { page: 1, limit: 20, total: 0 } } };
      if (method === 'PATCH') return { body: { success: true, data: { ...mine, ...(body as object) } } };
      if (method === 'POST' && path === '/api/core/credentials') {
        mine.credentials = [{ ...licence, ...(body as object) }];
        return { status: 201, body: { success: true, data: mine.credentials[0] } };
      }
      return { status: 404, body: {} };
    });
    await renderScreen(<MyRecordPage />, { path: '/hr/me' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rekodi yangu' })).toBeInTheDocument();
    expect(await screen.findByText('Hakuna sera za wewe kusoma.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Hajaruhusiwa kutoa huduma');
    // A person edits only their contact fields.
    const contact = screen.getByRole('region', { name: 'Sahihisha mawasiliano yako' });
    expect(within(contact).queryByLabelText('Cheo')).not.toBeInTheDocument();
    await userEvent.clear(within(contact).getByLabelText('Simu'));
    await userEvent.type(within(contact).getByLabelText('Simu'), '0799000111');
    await userEvent.click(within(contact).getByRole('button', { name: 'Hifadhi' }));
    expect(await within(contact).findByText('Imehifadhiwa.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ phone: '0799000111' });

    const licences = screen.getByRole('region', { name: 'Leseni na usajili' });
    await userEvent.click(within(licences).getByRole('button', { name: 'Ongeza leseni' }));
    expect(within(licences).getByLabelText('Baraza')).toHaveAccessibleDescription('Chagua baraza.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.selectOptions(
      within(licences).getByLabelText('Baraza'),
      'NCK · Nursing Council of Kenya (KE)',
    );
    await userEvent.type(within(licences).getByLabelText('Nambari ya leseni au usajili'), 'NCK/5001');
    await userEvent.type(within(licences).getByLabelText('Inaisha tarehe'), '2026-12-31');
    await userEvent.click(within(licences).getByRole('button', { name: 'Ongeza leseni' }));
    expect(await within(licences).findByText('Leseni imeongezwa.')).toBeInTheDocument();
    // Her own: no personId sent.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      councilId: NCK,
      number: 'NCK/5001',
      expiresOn: '2026-12-31',
    });
    expect(await within(licences).findByText(/NCK NCK\/5001/, { selector: 'strong' })).toBeInTheDocument();
    // No verify button for herself.
    expect(within(licences).queryByRole('button', { name: /Thibitisha/ })).not.toBeInTheDocument();
  });

  it('lets the holder upload her licence’s scan: the service’s refusal shown, then the file to download', async () => {
    useSession.getState().signIn('token', { ...AMINA, id: 'u-achieng' });
    const mine = { ...record, role: 'staff', credentials: [{ ...licence }] };
    const calls = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/core/staff/me')
        return { body: { success: true, data: JSON.parse(JSON.stringify(mine)) as typeof mine } };
      if (path.startsWith('/api/core/councils')) return { body: councils };
      if (path === '/api/core/places') return { body: places };
      if (path.startsWith('/api/core/policies?'))
        return { body: { success: true, data: [], pageInfo: { page: 1, limit: 20, total: 0 } } };
      if (method === 'PUT' && path === `/api/core/credentials/${licence.id}/file?name=licence.pdf`)
        return {
          status: 415,
          body: {
            success: false,
            message: 'The file must be a PDF or an image (JPEG, PNG, WebP).',
            code: 'core.compliance_file_type',
          },
        };
      if (method === 'PUT' && path === `/api/core/credentials/${licence.id}/file?name=nck.pdf`) {
        const file = {
          name: 'nck.pdf',
          contentType: 'application/pdf',
          size: 9,
          uploadedAt: '2026-06-10T06:00:00.000Z',
        };
        mine.credentials = [{ ...licence, file }];
        return { body: { success: true, data: mine.credentials[0] } };
      }
      return { status: 404, body: {} };
    });
    await renderScreen(<MyRecordPage />, { path: '/hr/me' });
    const licences = await screen.findByRole('region', { name: 'Licences and registrations' });
    const input = await within(licences).findByLabelText('Upload a scan or photo of NCK NCK/5001');
    expect(input).toHaveAccessibleDescription('A PDF or a photo (JPEG, PNG, WebP), at most 5 MB.');

    // Too large: refused before it is sent.
    await userEvent.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf'));
    expect(await within(licences).findByRole('alert')).toHaveTextContent('The file must be at most 5 MB.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // A web page renamed .pdf: the service's refusal, in words.
    await userEvent.upload(input, new File(['<html></html>'], 'licence.pdf', { type: 'application/pdf' }));
    expect(await within(licences).findByRole('alert')).toHaveTextContent(
      'The file must be a PDF or an image (JPEG, PNG, WebP).',
    );
    await userEvent.upload(input, new File(['%PDF-%%EOF'], 'nck.pdf', { type: 'application/pdf' }));
    expect(await within(licences).findByText(/File: nck\.pdf/)).toBeInTheDocument();
    expect(
      within(licences).getByRole('button', { name: 'Download the file of NCK NCK/5001' }),
    ).toBeInTheDocument();
    expect(within(licences).getByLabelText('Replace the scan or photo of NCK NCK/5001')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
  });
});
