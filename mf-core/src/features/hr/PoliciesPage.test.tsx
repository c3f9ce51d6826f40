import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@platform/router';
import { useLanguage, useSession } from '@platform/shell-state';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import PoliciesPage, { MyPolicies, PolicyPage, policyHtml } from './PoliciesPage';

beforeEach(resetSession);
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const ID = '7b0c1f7e-3333-4a3b-9c1d-000000000001';
const MATERNITY = '7b0c1f7e-4444-4a3b-9c1d-000000000001';
const summary = {
  id: ID,
  title: 'Hand hygiene',
  version: 2,
  assignment: { everyone: true, roles: [], departmentIds: [], locationIds: [] },
  publishedAt: '2026-06-01T09:00:00.000Z',
  completion: { acknowledged: 3, assigned: 5 } as { acknowledged: number; assigned: number } | null,
  assignedToMe: false,
  acknowledgedAt: null as string | null,
  file: null as { name: string; contentType: string; size: number; uploadedAt: string } | null,
  read: false,
};
const list = (data: unknown[]) => ({
  success: true,
  data,
  pageInfo: { page: 1, limit: 20, total: data.length },
});
const places = {
  success: true,
  data: { locations: [], departments: [{ id: MATERNITY, name: 'Maternity' }] },
};
const signInHr = () =>
  useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });

describe('/hr/policies', () => {
  it('are routes of mf-core', () => {
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/hr/policies', '/hr/policies/:id']));
  });

  it('shows HR each policy with how many acknowledged, and publishes a new one to a department', async () => {
    signInHr();
    const calls = fakeApi(({ method, path }) => {
      if (method === 'GET' && path.startsWith('/api/core/policies')) return { body: list([summary]) };
      if (path === '/api/core/places') return { body: places };
      if (method === 'POST' && path === '/api/core/policies')
        return { status: 201, body: { success: true, data: { ...summary, id: ID } } };
      return { status: 404, body: {} };
    });
    await renderScreen(
      <Routes>
        <Route path="/hr/policies" element={<PoliciesPage />} />
        <Route path="/hr/policies/:id" element={<p>detail</p>} />
      </Routes>,
      { path: '/hr/policies' },
    );
    const policies = await screen.findByRole('region', { name: 'Policies (1)' });
    expect(await within(policies).findByText(/3 of 5 acknowledged/)).toBeInTheDocument();
    expect(within(policies).getByRole('link', { name: 'Hand hygiene' })).toHaveAttribute(
      'href',
      `/hr/policies/${ID}`,
    );

    const write = screen.getByRole('region', { name: 'Write a policy' });
    await userEvent.click(within(write).getByRole('button', { name: 'Publish the policy' }));
    expect(within(write).getByLabelText('Title')).toHaveAccessibleDescription('Give the policy a title.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(write).getByLabelText('Title'), 'Visitors');
    await userEvent.type(
      within(write).getByLabelText('Text of the policy'),
      'Two visitors per bed.{enter}{enter}No visits after 8 pm & no food.',
    );
    await userEvent.click(within(write).getByLabelText('Everyone in the organisation'));
    await userEvent.click(await within(write).findByLabelText('Maternity'));
    await userEvent.click(within(write).getByRole('button', { name: 'Publish the policy' }));
    expect(await screen.findByText('detail')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/core/policies',
      body: {
        title: 'Visitors',
        body: '<p>Two visitors per bed.</p><p>No visits after 8 pm &amp; no food.</p>',
        assignment: { everyone: false, roles: [], departmentIds: [MATERNITY], locationIds: [] },
      },
    });
    expect(currentUrl()).toBe(`/hr/policies/${ID}`);
  });

  it('shows HR who has not acknowledged and reminds them, in Kiswahili', async () => {
    signInHr();
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const calls = fakeApi(({ method, path }) => {
      if (method === 'GET' && path.startsWith(`/api/core/policies/${ID}`))
        return {
          body: {
            success: true,
            data: {
              ...summary,
              body: '<p>Osha mikono.</p>',
              people: [
                {
                  personId: '7b0c1f7e-5555-4a3b-9c1d-000000000001',
                  staffId: '7b0c1f7e-6666-4a3b-9c1d-000000000001',
                  name: 'Achieng Otieno',
                  departmentId: null,
                  locationId: null,
                  acknowledgedAt: null,
                },
              ],
            },
            pageInfo: { page: 1, limit: 20, total: 2 },
          },
        };
      if (path === '/api/core/places') return { body: places };
      if (method === 'POST' && path === `/api/core/policies/${ID}/remind`)
        return { body: { success: true, data: { reminded: 2 } } };
      return { status: 404, body: {} };
    });
    await renderScreen(
      <Routes>
        <Route path="/hr/policies/:id" element={<PolicyPage />} />
      </Routes>,
      { path: `/hr/policies/${ID}` },
    );
    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hand hygiene' })).toBeInTheDocument();
    expect(screen.getByText('Osha mikono.')).toBeInTheDocument();
    const people = screen.getByRole('region', { name: 'Nani ameikubali' });
    expect(within(people).getByText(/bado hajakubali/)).toBeInTheDocument();
    expect(calls[0]!.path).toContain('status=pending');
    await userEvent.click(within(people).getByRole('button', { name: 'Wakumbushe wasiokubali (2)' }));
    expect(await within(people).findByText('Kumbusho limetumwa kwa watu 2.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/core/policies/${ID}/remind`,
    ]);
  });

  it('lets a nurse read her policy and acknowledge the version she read, in French', async () => {
    useSession.getState().signIn('token', { ...AMINA, id: 'u-achieng' });
    await act(async () => useLanguage.getState().setLanguage('fr'));
    let mine = { ...summary, completion: null, assignedToMe: true };
    const calls = fakeApi(({ method, path }) => {
      if (method === 'GET' && path.startsWith(`/api/core/policies/${ID}`))
        return {
          body: { success: true, data: { ...mine, body: '<p>Lavez-vous les mains.</p>', people: null } },
        };
      if (method === 'GET' && path.startsWith('/api/core/policies?')) return { body: list([mine]) };
      if (method === 'POST' && path === `/api/core/policies/${ID}/acknowledge`) {
        mine = { ...mine, acknowledgedAt: '2026-06-02T09:00:00.000Z' };
        return { body: { success: true, data: mine } };
      }
      return { status: 404, body: {} };
    });
    await renderScreen(<MyPolicies />, { path: '/hr/me' });
    await act(async () => useLanguage.getState().setLanguage('fr'));
    const section = await screen.findByRole('region', { name: 'Mes politiques' });
    expect(await within(section).findByText(/À lire et accepter/)).toBeInTheDocument();
    expect(calls[0]!.path).toContain('mine=true');
    await userEvent.click(within(section).getByRole('button', { name: 'Lire' }));
    expect(await within(section).findByText('Lavez-vous les mains.')).toBeInTheDocument();
    await userEvent.click(
      within(section).getByRole('button', { name: 'J’ai lu cette politique et je l’accepte' }),
    );
    expect(await within(section).findByText(/acceptée le 2 juin 2026/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `/api/core/policies/${ID}/acknowledge`,
      body: { version: 2 },
    });
    expect(
      within(section).queryByRole('button', { name: 'J’ai lu cette politique et je l’accepte' }),
    ).not.toBeInTheDocument();
  });
  it('opens the policy a notice links to (#policy-<id>), scrolled into view and focused', async () => {
    useSession.getState().signIn('token', { ...AMINA, id: 'u-achieng' });
    const other = { ...summary, id: '7b0c1f7e-3333-4a3b-9c1d-000000000002', title: 'Visitors' };
    const mine = { ...summary, completion: null, assignedToMe: true };
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path.startsWith(`/api/core/policies/${ID}`))
        return { body: { success: true, data: { ...mine, body: '<p>Wash your hands.</p>', people: null } } };
      if (method === 'GET' && path.startsWith('/api/core/policies?')) return { body: list([other, mine]) };
      return { status: 404, body: {} };
    });
    // jsdom lays nothing out and has no scrollIntoView: record what would be scrolled to.
    const scrolled: string[] = [];
    const scrollIntoView = jest.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    await renderScreen(<MyPolicies />, { path: `/hr/me#policy-${ID}` });
    const section = await screen.findByRole('region', { name: 'My policies' });
    expect(await within(section).findByText('Wash your hands.')).toBeInTheDocument();
    const item = within(section).getAllByRole('listitem')[1]!;
    expect(item).toHaveTextContent('Hand hygiene');
    await waitFor(() => expect(item).toHaveFocus());
    expect(scrolled).toEqual([`policy-${ID}`]);
    expect(within(item).getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(section).getByRole('button', { name: 'Read' })).toHaveAttribute('aria-expanded', 'false');
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });
  it('shows the newer version when one came out while she read, and acknowledges that one', async () => {
    useSession.getState().signIn('token', { ...AMINA, id: 'u-achieng' });
    let current = { ...summary, completion: null, assignedToMe: true };
    const read = { ...current };
    const calls = fakeApi(({ method, path, body }) => {
      if (method === 'GET' && path.startsWith(`/api/core/policies/${ID}`))
        return {
          body: { success: true, data: { ...current, body: `<p>Text ${current.version}</p>`, people: null } },
        };
      if (method === 'POST' && (body as { version: number }).version !== current.version)
        return {
          status: 409,
          body: { success: false, message: 'x', code: 'core.policy_version_outdated' },
        };
      if (method === 'POST') return { body: { success: true, data: current } };
      return { status: 404, body: {} };
    });
    await renderScreen(
      <Routes>
        <Route path="/hr/policies/:id" element={<PolicyPage />} />
      </Routes>,
      { path: `/hr/policies/${ID}` },
    );
    expect(await screen.findByText('Text 2')).toBeInTheDocument();
    current = { ...read, version: 3 };
    await userEvent.click(screen.getByRole('button', { name: 'I have read and acknowledge this policy' }));
    expect(await screen.findByText(/A newer version of this policy has been published/)).toBeInTheDocument();
    expect(await screen.findByText('Text 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I have read and acknowledge this policy' }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { version: 2 },
      { version: 3 },
    ]);
  });
});

describe('policyHtml', () => {
  it('keeps HTML as written and makes plain text paragraphs, escaped', () => {
    expect(policyHtml('<h2>Rules</h2><p>One</p>')).toBe('<h2>Rules</h2><p>One</p>');
    expect(policyHtml('a & b\nc\n\n\nd')).toBe('<p>a &amp; b<br>c</p><p>d</p>');
  });

  it('has a nurse open a PDF version before acknowledging it; the service’s refusal shown until she has', async () => {
    useSession.getState().signIn('token', { ...AMINA, id: 'u-achieng' });
    const file = {
      name: 'hygiene.pdf',
      contentType: 'application/pdf',
      size: 9,
      uploadedAt: '2026-06-01T09:00:00.000Z',
    };
    let mine = { ...summary, completion: null, assignedToMe: true, file, read: false };
    URL.createObjectURL = jest.fn(() => 'blob:policy');
    URL.revokeObjectURL = jest.fn();
    const calls = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === `/api/core/policies/${ID}/file`) {
        mine = { ...mine, read: true };
        return { body: new Blob(['%PDF-%%EOF'], { type: 'application/pdf' }) };
      }
      if (method === 'GET' && path.startsWith(`/api/core/policies/${ID}`))
        return { body: { success: true, data: { ...mine, body: '<p>Summary.</p>', people: null } } };
      if (method === 'GET' && path.startsWith('/api/core/policies?')) return { body: list([mine]) };
      if (method === 'POST' && path === `/api/core/policies/${ID}/acknowledge`) {
        if (!mine.read)
          return {
            status: 409,
            body: {
              success: false,
              message: 'x',
              code: 'core.policy_unread',
            },
          };
        mine = { ...mine, acknowledgedAt: '2026-06-02T09:00:00.000Z' };
        return { body: { success: true, data: mine } };
      }
      return { status: 404, body: {} };
    });
    await renderScreen(<MyPolicies />, { path: '/hr/me' });
    const section = await screen.findByRole('region', { name: 'My policies' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Read' }));
    expect(await within(section).findByText(/This version is a PDF: hygiene\.pdf/)).toBeInTheDocument();
    expect(within(section).getByText('Open the PDF before acknowledging it.')).toBeInTheDocument();
    const acknowledge = within(section).getByRole('button', {
      name: 'I have read and acknowledge this policy',
    });
    await userEvent.click(acknowledge);
    expect(
      await within(section).findByText('Open the policy (its PDF) before acknowledging it.'),
    ).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Open the PDF of Hand hygiene' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    await waitFor(() =>
      expect(within(section).queryByText('Open the PDF before acknowledging it.')).not.toBeInTheDocument(),
    );
    await userEvent.click(
      within(section).getByRole('button', { name: 'I have read and acknowledge this policy' }),
    );
    expect(await within(section).findByText(/acknowledged 2 Jun 2026/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('lets HR publish a PDF as the new version, refusing one over 5 MB before sending it', async () => {
    signInHr();
    let current = { ...summary };
    const calls = fakeApi(({ method, path }) => {
      if (method === 'PUT' && path === `/api/core/policies/${ID}/file?name=hygiene.pdf`) {
        current = {
          ...current,
          version: 3,
          file: {
            name: 'hygiene.pdf',
            contentType: 'application/pdf',
            size: 9,
            uploadedAt: '2026-06-03T09:00:00.000Z',
          },
        };
        return { body: { success: true, data: current } };
      }
      if (method === 'GET' && path.startsWith(`/api/core/policies/${ID}`))
        return {
          body: {
            success: true,
            data: { ...current, body: '<p>Wash.</p>', people: [] },
            pageInfo: { page: 1, limit: 20, total: 0 },
          },
        };
      if (path === '/api/core/places') return { body: places };
      return { status: 404, body: {} };
    });
    await renderScreen(
      <Routes>
        <Route path="/hr/policies/:id" element={<PolicyPage />} />
      </Routes>,
      { path: `/hr/policies/${ID}` },
    );
    const version = await screen.findByRole('region', { name: 'A new version' });
    const input = within(version).getByLabelText('Publish a PDF as the new version');
    expect(input).toHaveAccessibleDescription(
      'A PDF of at most 5 MB. Everyone it is assigned to is asked again.',
    );
    await userEvent.upload(
      input,
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }),
    );
    expect(await within(version).findByRole('alert')).toHaveTextContent('The file must be at most 5 MB.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.upload(input, new File(['%PDF-%%EOF'], 'hygiene.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/This version is a PDF: hygiene\.pdf/)).toBeInTheDocument();
    expect(screen.getByText(/Version 3/)).toBeInTheDocument();
  });
});
