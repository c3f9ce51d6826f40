import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import LeavePage from './LeavePage';

beforeEach(resetSession);
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const SICK = {
  id: '7b0c1f7e-1111-4a3b-9c1d-000000000002',
  code: 'sick',
  name: 'Sick leave',
  names: { en: 'Sick leave', sw: 'Likizo ya ugonjwa', fr: 'Congé maladie' },
  accrual: 'yearly',
  daysPerYear: 14,
  carryOverCap: 0,
  countsWeekends: false,
  countsHolidays: false,
  allowNegative: false,
  minServiceMonths: 2,
  halfPayAfterDays: 7,
  documentsRequired: 'Medical certificate',
  documentsAfterDays: 2,
  paid: true,
  active: true,
};
const MY_ID = '7b0c1f7e-3333-4a3b-9c1d-000000000001';
/** A copy each time, as a real answer is: the request changes between calls. */
const page = (data: unknown[]) => ({
  success: true,
  data: JSON.parse(JSON.stringify(data)) as unknown[],
  pageInfo: { page: 1, limit: 20, total: data.length },
});
const NOTE = {
  name: 'note.pdf',
  contentType: 'application/pdf',
  size: 3,
  uploadedAt: '2026-03-05T06:00:00Z',
};
const sickRequest = {
  id: '7b0c1f7e-4444-4a3b-9c1d-000000000002',
  staffId: '7b0c1f7e-3333-4a3b-9c1d-000000000002',
  personName: 'Achieng Otieno',
  departmentId: null,
  typeId: SICK.id,
  typeName: SICK.names,
  from: '2026-03-02',
  to: '2026-03-04',
  halfDay: false,
  days: 3,
  halfPayDays: 0,
  documentRequired: true,
  document: null as typeof NOTE | null,
  documentWaived: false,
  note: null,
  status: 'pending',
  decisionReason: null,
  decidedAt: null,
  createdAt: '2026-03-05T06:00:00.000Z',
};
const refused = (status: number, code: string) => ({
  status,
  body: { success: false, message: 'x', code },
});

/**
 * svc-core for the sick request: its document attached, removed or missing as the calls leave it; approval
 * refused while it is missing unless waived (as the service does).
 */
function fakeCore(role: string, mine: boolean) {
  const r = { ...sickRequest };
  const calls = fakeApi(({ method, path, body }) => {
    if (path === '/api/core/staff/me')
      return { body: { success: true, data: { id: MY_ID, role, credentials: [], cpdPoints: 0 } } };
    if (path.startsWith('/api/core/leave/types')) return { body: page([SICK]) };
    if (path === '/api/core/leave/balances/me') return { body: { success: true, data: [] } };
    if (path.startsWith('/api/core/leave/quote'))
      return {
        body: {
          success: true,
          data: { days: 3, halfPayDays: 0, documentRequired: true, balanceBefore: 14, balanceAfter: 11 },
        },
      };
    if (method === 'POST' && path === '/api/core/leave/requests')
      return { status: 201, body: { success: true, data: { ...r } } };
    if (method === 'PUT' && path.startsWith(`/api/core/leave/requests/${r.id}/file?name=`)) {
      r.document = { ...NOTE, name: (body as File).name };
      return { body: { success: true, data: { ...r } } };
    }
    if (method === 'DELETE' && path === `/api/core/leave/requests/${r.id}/file`) {
      r.document = null;
      return { body: { success: true, data: { ...r } } };
    }
    if (method === 'GET' && path === `/api/core/leave/requests/${r.id}/file`)
      return { body: new Blob(['%PDF'], { type: 'application/pdf' }) };
    if (method === 'PATCH' && path === `/api/core/leave/requests/${r.id}`) {
      const decision = body as { status: string; withoutDocument?: boolean };
      if (decision.status === 'approved' && !r.document && !decision.withoutDocument)
        return refused(409, 'core.leave_document_missing');
      Object.assign(r, { status: decision.status, documentWaived: Boolean(decision.withoutDocument) });
      return { body: { success: true, data: { ...r } } };
    }
    if (path.startsWith('/api/core/leave/requests?mine=true')) return { body: page(mine ? [r] : []) };
    if (path.startsWith('/api/core/leave/requests?status=pending'))
      return { body: page(!mine && r.status === 'pending' ? [r] : []) };
    if (path.startsWith('/api/core/places'))
      return { body: { success: true, data: { locations: [], departments: [] } } };
    return { body: page([]) };
  });
  return { calls, request: r };
}

describe('/hr/leave, a leave request’s document', () => {
  it('sends the sick note chosen with the request, once the request is made', async () => {
    useSession.getState().signIn('token', AMINA);
    const { calls } = fakeCore('staff', false);
    await renderScreen(<LeavePage />, { path: '/hr/leave' });
    const ask = await screen.findByRole('region', { name: 'Ask for leave' });
    await within(ask).findByRole('option', { name: 'Sick leave' });
    await userEvent.selectOptions(within(ask).getByLabelText(/^Leave type/), 'Sick leave');
    await userEvent.type(within(ask).getByLabelText(/^First day/), '2026-03-02');
    await userEvent.type(within(ask).getByLabelText(/^Last day/), '2026-03-04');
    expect(await within(ask).findByText(/Needed: Medical certificate\./)).toBeInTheDocument();
    const picker = within(ask).getByLabelText('Document (needed for this leave)');
    expect(picker).toHaveAccessibleDescription(
      'A PDF or a photo (JPEG, PNG, WebP), at most 5 MB. You may also send the request now and attach it later, under My requests.',
    );
    // Over 5 MB: refused before anything is sent.
    await userEvent.upload(
      picker,
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }),
    );
    expect(within(ask).getByRole('alert')).toHaveTextContent('The file must be at most 5 MB.');
    await userEvent.upload(picker, new File(['%PDF'], 'note.pdf', { type: 'application/pdf' }));
    expect(within(ask).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(ask).getByRole('button', { name: 'Send request' }));
    expect(await within(ask).findByText('Request sent. Your manager will decide.')).toBeInTheDocument();
    const sent = calls.filter((c) => c.method === 'POST' || c.method === 'PUT');
    expect(sent.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/api/core/leave/requests'],
      ['PUT', `/api/core/leave/requests/${sickRequest.id}/file?name=note.pdf`],
    ]);
    expect((sent[1]!.body as File).name).toBe('note.pdf');
  });

  it('says the request went without its document when the service refuses the file', async () => {
    useSession.getState().signIn('token', AMINA);
    const { calls } = fakeCore('staff', false);
    const answer = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) =>
      init.method === 'PUT'
        ? ({
            ok: false,
            status: 415,
            json: async () => ({ success: false, message: 'x', code: 'core.compliance_file_type' }),
          } as Response)
        : answer(input, init)) as typeof fetch;
    await renderScreen(<LeavePage />, { path: '/hr/leave' });
    const ask = await screen.findByRole('region', { name: 'Ask for leave' });
    await within(ask).findByRole('option', { name: 'Sick leave' });
    await userEvent.selectOptions(within(ask).getByLabelText(/^Leave type/), 'Sick leave');
    await userEvent.type(within(ask).getByLabelText(/^First day/), '2026-03-02');
    await userEvent.type(within(ask).getByLabelText(/^Last day/), '2026-03-04');
    await userEvent.upload(
      await within(ask).findByLabelText('Document (needed for this leave)'),
      new File(['<html>'], 'note.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(within(ask).getByRole('button', { name: 'Send request' }));
    expect(await within(ask).findByRole('alert')).toHaveTextContent(
      'Your request was sent, but the document was not attached (attach it under My requests): The file must be a PDF or an image (JPEG, PNG, WebP).',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('lets the person attach the note later to a pending request, open it and remove it', async () => {
    useSession.getState().signIn('token', AMINA);
    const { calls } = fakeCore('staff', true);
    URL.createObjectURL = jest.fn(() => 'blob:note');
    URL.revokeObjectURL = jest.fn();
    await renderScreen(<LeavePage />, { path: '/hr/leave' });
    const mine = await screen.findByRole('region', { name: 'My requests' });
    const item = (await within(mine).findByText(/Sick leave · 2 Mar 2026 to 4 Mar 2026/)).closest('li')!;
    expect(item).toHaveTextContent('Document missing');
    const attach = within(item).getByLabelText('Attach the document of Sick leave, 2 Mar 2026 to 4 Mar 2026');
    await userEvent.upload(attach, new File(['%PDF'], 'note.pdf', { type: 'application/pdf' }));
    expect(await within(item).findByText(/Document: note\.pdf/)).toBeInTheDocument();
    expect(item).not.toHaveTextContent('Document missing');
    expect(
      within(item).getByLabelText('Replace the document of Sick leave, 2 Mar 2026 to 4 Mar 2026'),
    ).toBeInTheDocument();

    await userEvent.click(
      within(item).getByRole('button', { name: 'Open the document of Sick leave, 2 Mar 2026 to 4 Mar 2026' }),
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(
      calls.some((c) => c.method === 'GET' && c.path === `/api/core/leave/requests/${sickRequest.id}/file`),
    ).toBe(true);

    await userEvent.click(
      within(item).getByRole('button', {
        name: 'Remove the document of Sick leave, 2 Mar 2026 to 4 Mar 2026',
      }),
    );
    expect(await within(item).findByText('Document missing')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);

    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await within(item).findByText('Hati haijaambatishwa')).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(await within(item).findByText('Justificatif manquant')).toBeInTheDocument();
  });

  it('shows a manager the note missing and keeps the request waiting until it comes', async () => {
    useSession.getState().signIn('token', AMINA);
    const { calls, request } = fakeCore('manager', false);
    await renderScreen(<LeavePage />, { path: '/hr/leave' });
    const decide = await screen.findByRole('region', { name: 'Waiting for your decision' });
    const item = (await within(decide).findByText('Achieng Otieno ·')).closest('li')!;
    expect(item).toHaveTextContent('Document missing');
    expect(item).toHaveTextContent(
      'The document this leave needs is missing. The leave can be approved once it is attached.',
    );
    // Only HR may approve without it: a manager is not offered the choice.
    expect(within(item).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: "Approve Achieng Otieno's leave" }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'This leave needs its document before it is approved.',
    );
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ status: 'approved' });
    expect(request.status).toBe('pending');
    // The person cannot be sent a file from here: the approver only opens it.
    expect(within(item).queryByLabelText(/Attach the document/)).not.toBeInTheDocument();
  });

  it('lets HR approve without the note, giving the reason', async () => {
    useSession
      .getState()
      .signIn('token', { ...AMINA, role: 'Clinic' as const, name: 'Kisumu Family Clinic' });
    const { calls, request } = fakeCore('owner', false);
    await renderScreen(<LeavePage />, { path: '/hr/leave' });
    const decide = await screen.findByRole('region', { name: 'Waiting for your decision' });
    const item = (await within(decide).findByText('Achieng Otieno ·')).closest('li')!;
    await userEvent.click(
      within(item).getByLabelText('Approve without the document (an HR decision: give the reason)'),
    );
    await userEvent.click(within(item).getByRole('button', { name: "Approve Achieng Otieno's leave" }));
    expect(within(item).getByLabelText(/^Reason for Achieng Otieno/)).toHaveAccessibleDescription(
      'Say why the leave is approved without its document.',
    );
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await userEvent.type(within(item).getByLabelText(/^Reason for Achieng Otieno/), 'Admitted to hospital');
    await userEvent.click(within(item).getByRole('button', { name: "Approve Achieng Otieno's leave" }));
    expect(await within(decide).findByText('No request is waiting.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
      status: 'approved',
      reason: 'Admitted to hospital',
      withoutDocument: true,
    });
    expect(request).toMatchObject({ status: 'approved', documentWaived: true });
  });
});
