import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import { LeaveBalances } from './LeaveBalances';

beforeEach(resetSession);
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const ANNUAL = {
  id: '7b0c1f7e-1111-4a3b-9c1d-000000000001',
  code: 'annual',
  name: 'Annual leave',
  names: { en: 'Annual leave', sw: 'Likizo ya mwaka', fr: 'Congé annuel' },
  accrual: 'monthly',
  daysPerYear: 21,
  active: true,
};
const UNPAID = {
  ...ANNUAL,
  id: '7b0c1f7e-1111-4a3b-9c1d-000000000007',
  code: 'unpaid',
  name: 'Unpaid leave',
  names: { en: 'Unpaid leave', sw: 'Likizo bila malipo', fr: 'Congé sans solde' },
  accrual: 'none',
};
const STAFF_ID = '7b0c1f7e-3333-4a3b-9c1d-000000000002';
const thisYear = Number(
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date()).slice(0, 4),
);
const page = (data: unknown[]) => ({
  success: true,
  data,
  pageInfo: { page: 1, limit: 20, total: data.length },
});
const balance = (opening: { broughtForward: number; taken: number; note: string | null } | null) => ({
  typeId: ANNUAL.id,
  typeName: ANNUAL.names,
  year: thisYear,
  entitled: 14,
  carriedOver: opening?.broughtForward ?? 0,
  used: opening?.taken ?? 0,
  pending: 0,
  available: 14 + (opening?.broughtForward ?? 0) - (opening?.taken ?? 0),
  availableAtYearEnd: 21,
  opening,
});

/** svc-core's balances, with Achieng's opening of annual leave as HR last entered it. */
function fakeBalances() {
  let opening: { broughtForward: number; taken: number; note: string | null } | null = {
    broughtForward: 5,
    taken: 10,
    note: 'Paper register',
  };
  return fakeApi(({ method, path, body }) => {
    if (path.startsWith('/api/core/leave/types')) return { body: page([ANNUAL, UNPAID]) };
    if (method === 'PUT' && path === `/api/core/leave/balances/${STAFF_ID}/opening`) {
      const b = body as { broughtForward: number; taken: number; note: string | null };
      opening = { broughtForward: b.broughtForward, taken: b.taken, note: b.note };
      return { body: { success: true, data: balance(opening) } };
    }
    if (path.startsWith('/api/core/leave/balances?'))
      return {
        body: page([
          { staffId: STAFF_ID, name: 'Achieng Otieno', departmentId: null, balances: [balance(opening)] },
        ]),
      };
    return { body: page([]) };
  });
}

describe('leave balances', () => {
  it('lets HR enter the balance a person brought in, filled in with what was entered', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic' as const });
    const calls = fakeBalances();
    await renderScreen(<LeaveBalances isHr />, { path: '/hr/leave' });
    const region = await screen.findByRole('region', { name: 'Leave balances' });
    const person = (await within(region).findByText('Achieng Otieno')).closest('li')!;
    expect(person).toHaveTextContent('Achieng Otieno: Annual leave: 9');
    await userEvent.click(within(person).getByRole('button', { name: 'Balance Achieng Otieno brought in' }));
    const form = within(person).getByRole('form', { name: 'Balance Achieng Otieno brought in' });
    // Only types that keep a balance.
    expect(within(form).queryByRole('option', { name: 'Unpaid leave' })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save balance' }));
    expect(within(form).getByLabelText(/^Leave type/)).toHaveAccessibleDescription('Choose the leave type.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.selectOptions(within(form).getByLabelText(/^Leave type/), 'Annual leave');
    expect(within(form).getByLabelText(/^Days carried in/)).toHaveValue('5');
    expect(within(form).getByLabelText(/^Days already taken/)).toHaveValue('10');
    expect(within(form).getByLabelText(/^Note/)).toHaveValue('Paper register');
    await userEvent.clear(within(form).getByLabelText(/^Days already taken/));
    await userEvent.type(within(form).getByLabelText(/^Days already taken/), 'four');
    await userEvent.click(within(form).getByRole('button', { name: 'Save balance' }));
    expect(within(form).getByLabelText(/^Days already taken/)).toHaveAccessibleDescription(
      'Enter days as a number, for example 21 or 10.5.',
    );
    await userEvent.clear(within(form).getByLabelText(/^Days already taken/));
    await userEvent.type(within(form).getByLabelText(/^Days already taken/), '4,5');
    await userEvent.clear(within(form).getByLabelText(/^Note/));
    await userEvent.click(within(form).getByRole('button', { name: 'Save balance' }));
    expect(
      await within(form).findByText(`Saved. Annual leave ${thisYear}: 14.5 days left.`),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      typeId: ANNUAL.id,
      year: thisYear,
      broughtForward: 5,
      taken: 4.5,
      note: null,
    });
    expect(await within(region).findByText(/Annual leave: 14.5/)).toBeInTheDocument();

    // Last year's figures start empty (the list is this year's).
    await userEvent.selectOptions(within(form).getByLabelText(/^Year/), String(thisYear - 1));
    expect(within(form).getByLabelText(/^Days carried in/)).toHaveValue('');

    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await within(form).findByLabelText(/^Siku zilizohamishwa/)).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(await within(form).findByLabelText(/^Jours reportés/)).toBeInTheDocument();
  });

  it('gives a manager the balances and their CSV, but no opening balance to enter', async () => {
    useSession.getState().signIn('token', AMINA);
    fakeBalances();
    await renderScreen(<LeaveBalances isHr={false} />, { path: '/hr/leave' });
    const region = await screen.findByRole('region', { name: 'Leave balances' });
    expect(await within(region).findByText('Achieng Otieno')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Download balances (CSV)' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /brought in/ })).not.toBeInTheDocument();
  });
});
