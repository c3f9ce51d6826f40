import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import ContractsPage, { MyContractsPage, VerifyContractPage, fieldsIn } from './ContractsPage';

beforeEach(resetSession);
afterEach(async () => {
  await act(async () => useLanguage.getState().setLanguage('en'));
});

const TEMPLATE = {
  id: '7b0c1f7e-1111-4a3b-9c1d-000000000001',
  name: 'Fixed-term nurse',
  body: 'Contract between {{organisation}} and {{name}}.',
  fields: ['organisation', 'name'],
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
};
const STAFF = '7b0c1f7e-3333-4a3b-9c1d-000000000001';
const CONTRACT_ID = '7b0c1f7e-5555-4a3b-9c1d-000000000001';
const SHA = 'a'.repeat(64);
const contract = (over: Record<string, unknown> = {}) => ({
  id: CONTRACT_ID,
  title: 'Employment contract',
  templateId: TEMPLATE.id,
  staffId: STAFF,
  personName: 'Amina Otieno',
  status: 'draft',
  startDate: '2026-04-01',
  endDate: '2027-03-31',
  fields: {},
  body: 'x',
  createdAt: '2026-03-02T08:00:00.000Z',
  sentAt: null,
  signedAt: null,
  pdfSha256: null,
  signedPdfSha256: null,
  signatures: [],
  canSignAs: null,
  ...over,
});
const page = (data: unknown[]) => ({
  success: true,
  data,
  pageInfo: { page: 1, limit: 20, total: data.length },
});
const failed = (status: number, code: string) => ({
  status,
  body: { success: false, message: 'English fallback', code },
});

describe('contracts', () => {
  it('are routes of mf-core', () => {
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/hr/contracts', '/hr/contracts/mine', '/contracts/verify']),
    );
  });

  it('reads merge fields as the service does, naming unknown ones', () => {
    expect(fieldsIn('{{name}} {{ salary }} {{nmae}} {{name}}')).toEqual({
      known: ['name', 'salary'],
      unknown: ['nmae'],
    });
  });

  it('lets HR make a template (an unknown merge field refused), a contract for a member, send it and sign for the employer', async () => {
    useSession.getState().signIn('token', AMINA);
    let current = contract();
    const calls = fakeApi(({ method, path, body }) => {
      if (path === '/api/core/staff/me')
        return {
          body: { success: true, data: { id: STAFF, role: 'hr-admin', credentials: [], cpdPoints: 0 } },
        };
      if (path.startsWith('/api/core/staff?'))
        return { body: page([{ id: STAFF, name: 'Amina Otieno', designation: 'Nurse' }]) };
      if (method === 'GET' && path.startsWith('/api/core/contract-templates'))
        return { body: page([TEMPLATE]) };
      if (method === 'POST' && path === '/api/core/contract-templates')
        return (body as { body: string }).body.includes('{{salry}}')
          ? failed(422, 'core.contract_field_unknown')
          : { status: 201, body: { success: true, data: { ...TEMPLATE, id: 'new' } } };
      if (method === 'GET' && path.startsWith('/api/core/contracts?')) return { body: page([current]) };
      if (method === 'POST' && path === '/api/core/contracts')
        return { status: 201, body: { success: true, data: current } };
      if (path === `/api/core/contracts/${CONTRACT_ID}/send`) {
        current = contract({ status: 'sent', pdfSha256: SHA, canSignAs: 'employer' });
        return { body: { success: true, data: current } };
      }
      if (path === `/api/core/contracts/${CONTRACT_ID}/code`)
        return { body: { success: true, data: { party: 'employer', expiresAt: '', attempts: 5 } } };
      if (path === `/api/core/contracts/${CONTRACT_ID}/sign`) {
        current = contract({
          status: 'signed',
          pdfSha256: SHA,
          signedPdfSha256: 'b'.repeat(64),
          signatures: [
            {
              party: 'employee',
              name: 'Amina Otieno',
              signedAt: '2026-03-03T08:00:00.000Z',
              documentSha256: SHA,
            },
            {
              party: 'employer',
              name: 'Halima Yusuf',
              signedAt: '2026-03-04T08:00:00.000Z',
              documentSha256: SHA,
            },
          ],
        });
        return { body: { success: true, data: current } };
      }
      if (path === `/api/core/contracts/${CONTRACT_ID}/verify`)
        return {
          body: {
            success: true,
            data: {
              id: CONTRACT_ID,
              title: 'Employment contract',
              organisation: 'Kliniki ya Thérèse',
              personName: 'Amina Otieno',
              status: 'signed',
              startDate: '2026-04-01',
              endDate: null,
              pdfSha256: SHA,
              signedPdfSha256: 'b'.repeat(64),
              signatures: [],
            },
          },
        };
      return failed(404, 'request.not_found');
    });
    await renderScreen(<ContractsPage />, { path: '/hr/contracts' });

    // Templates with their merge fields; an unknown one is refused and named.
    const templates = await screen.findByRole('region', { name: 'Contract templates' });
    expect(
      await within(templates).findByText(/Fixed-term nurse · merge fields: organisation, name/),
    ).toBeVisible();
    const form = within(templates).getByRole('form', { name: 'New template' });
    await userEvent.type(within(form).getByLabelText('Template name'), 'Permanent');
    await userEvent.click(within(form).getByLabelText('Contract text'));
    await userEvent.paste('Pay {{salry}} to {{name}}.');
    expect(within(form).getByText(/Merge fields used: name · Unknown merge fields: salry/)).toBeVisible();
    await userEvent.click(within(form).getByRole('button', { name: 'Create template' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The template uses a merge field that does not exist. Unknown merge fields: salry',
    );

    // A contract for a member from the template.
    const made = screen.getByRole('region', { name: 'New contract' });
    await userEvent.click(within(made).getByRole('button', { name: 'Create contract' }));
    expect(within(made).getByLabelText('Template')).toHaveAccessibleDescription('Choose a template.');
    await userEvent.selectOptions(within(made).getByLabelText('Template'), 'Fixed-term nurse');
    await userEvent.selectOptions(await within(made).findByLabelText(/^Member/), 'Amina Otieno');
    await userEvent.type(within(made).getByLabelText('Salary'), '85000');
    await userEvent.type(within(made).getByLabelText('End date'), '2027-03-31');
    await userEvent.click(within(made).getByRole('button', { name: 'Create contract' }));
    expect(await within(made).findByText('Contract for Amina Otieno created as a draft.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/core/contracts')?.body).toEqual({
      templateId: TEMPLATE.id,
      staffId: STAFF,
      salary: { amount: 85000, currency: 'KES', period: 'month' },
      probationMonths: 3,
      endDate: '2027-03-31',
    });

    // The list says each state in words; HR opens it, sends it, signs for the employer with a code.
    const list = screen.getByRole('region', { name: 'Contracts' });
    expect(await within(list).findByText(/Draft: not sent yet/)).toBeVisible();
    await userEvent.click(
      within(list).getByRole('button', { name: 'Open Employment contract for Amina Otieno' }),
    );
    await userEvent.click(await within(list).findByRole('button', { name: 'Send to sign' }));
    const sign = await within(list).findByRole('form', { name: 'Sign for the employer' });
    await userEvent.click(within(sign).getByRole('button', { name: 'Send me a code' }));
    expect(await within(sign).findByText('Code sent: look in your inbox or e-mail.')).toBeVisible();
    await userEvent.type(within(sign).getByLabelText('Six-digit code'), '123456');
    await userEvent.click(within(sign).getByRole('button', { name: 'Sign' }));
    expect(await within(list).findByText('Employer: signed by Halima Yusuf on 4 Mar 2026')).toBeVisible();
    expect(calls.find((c) => c.path.endsWith('/sign'))?.body).toEqual({ code: '123456' });
    expect(
      within(list).getByRole('button', { name: 'Download the signed PDF of Employment contract' }),
    ).toBeVisible();
    await userEvent.click(within(list).getByRole('button', { name: 'See the verification record' }));
    const record = await within(list).findByLabelText('Verification record');
    expect(record).toHaveTextContent('Kliniki ya Thérèse · Amina Otieno');
  });

  it("opens the person's contract from its link, with clear words for a wrong, used-up or too-soon code", async () => {
    useSession.getState().signIn('token', AMINA);
    const answers = [
      failed(422, 'core.contract_code_wrong'),
      failed(422, 'core.contract_code_locked'),
      failed(422, 'core.contract_code_expired'),
    ];
    let asked = 0;
    fakeApi(({ path }) => {
      if (path.startsWith('/api/core/contracts?'))
        return { body: page([contract({ status: 'sent', pdfSha256: SHA, canSignAs: 'employee' })]) };
      if (path.endsWith('/code'))
        return asked++ === 0
          ? { body: { success: true, data: { party: 'employee', expiresAt: '', attempts: 5 } } }
          : failed(429, 'core.contract_code_too_soon');
      if (path.endsWith('/sign')) return answers.shift()!;
      return failed(404, 'request.not_found');
    });
    await renderScreen(<MyContractsPage />, { path: `/hr/contracts/mine#contract-${CONTRACT_ID}` });
    const card = await screen.findByRole('article', { name: 'Employment contract: Amina Otieno' });
    await waitFor(() => expect(card).toHaveFocus());
    expect(card).toHaveTextContent('State: Sent: waiting for signatures');
    const sign = within(card).getByRole('form', { name: 'Sign as the employee' });
    await userEvent.click(within(sign).getByRole('button', { name: 'Sign' }));
    expect(await within(sign).findByRole('alert')).toHaveTextContent('Type the six digits of your code.');
    await userEvent.click(within(sign).getByRole('button', { name: 'Send me a code' }));
    await userEvent.click(await within(sign).findByRole('button', { name: 'Send me a new code' }));
    expect(await within(sign).findByRole('alert')).toHaveTextContent(
      'You asked for a code a moment ago: wait a minute before asking again.',
    );
    const field = within(sign).getByLabelText('Six-digit code');
    for (const text of [
      'Wrong code: check it and try again.',
      'Too many wrong codes: ask for a new one.',
      'This code has expired: ask for a new one.',
    ]) {
      await userEvent.clear(field);
      await userEvent.type(field, '000000');
      await userEvent.click(within(sign).getByRole('button', { name: 'Sign' }));
      await waitFor(() => expect(within(sign).getByRole('alert')).toHaveTextContent(text));
    }
  });

  it('tells anyone whether a PDF is genuine and what the record says, in Kiswahili too', async () => {
    const calls = fakeApi(({ body }) =>
      (body as Blob).size > 4
        ? {
            body: {
              success: true,
              data: {
                genuine: true,
                sha256: SHA,
                document: 'signed',
                contract: {
                  id: CONTRACT_ID,
                  title: 'Employment contract',
                  organisation: 'Kliniki ya Thérèse',
                  personName: 'Amina Otieno',
                  status: 'signed',
                  startDate: '2026-04-01',
                  endDate: null,
                  pdfSha256: SHA,
                  signedPdfSha256: 'b'.repeat(64),
                  signatures: [
                    {
                      party: 'employee',
                      name: 'Amina Otieno',
                      signedAt: '2026-03-03T08:00:00.000Z',
                      documentSha256: SHA,
                    },
                  ],
                },
              },
            },
          }
        : { body: { success: true, data: { genuine: false, sha256: SHA, document: null, contract: null } } },
    );
    await renderScreen(<VerifyContractPage />, { path: '/contracts/verify' });
    const input = screen.getByLabelText('Contract PDF');
    await userEvent.upload(input, new File(['%PDF-1.7 signed'], 'signed.pdf', { type: 'application/pdf' }));
    const result = await screen.findByRole('region', { name: 'Genuine' });
    expect(result).toHaveTextContent('This is the signed contract exactly as our record keeps it.');
    expect(result).toHaveTextContent('Kliniki ya Thérèse · Amina Otieno');
    expect(result).toHaveTextContent('Amina Otieno, 3 Mar 2026');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/core/contracts/verify' });

    await act(async () => useLanguage.getState().setLanguage('sw'));
    await userEvent.upload(screen.getByLabelText('PDF ya mkataba'), new File(['%PDF'], 'x.pdf'));
    expect(await screen.findByRole('region', { name: 'Si halisi' })).toHaveTextContent(
      'Hakuna mkataba wetu wenye faili hii hasa',
    );
  });
});
