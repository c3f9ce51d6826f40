import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import { LeaveTypes } from './LeaveTypes';

beforeEach(resetSession);
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const SICK = {
  id: '7b0c1f7e-1111-4a3b-9c1d-000000000002',
  code: 'sick',
  name: 'Sick leave',
  names: { en: 'Sick leave', sw: 'Likizo ya ugonjwa', fr: 'Congé de maladie' },
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
const page = (data: unknown[]) => ({
  success: true,
  data,
  pageInfo: { page: 1, limit: 100, total: data.length },
});

/** svc-core's leave types as HR sees them: POST adds, PATCH changes, each answer the list after it. */
function fakeTypes(refuse?: { status: number; code: string; message: string }) {
  const types: Record<string, unknown>[] = [SICK];
  return fakeApi(({ method, path, body }) => {
    if (!path.startsWith('/api/core/leave/types')) return { body: page([]) };
    if (refuse && method !== 'GET') return { status: refuse.status, body: { success: false, ...refuse } };
    if (method === 'POST') {
      const b = body as { name: string };
      const added = { ...SICK, ...b, id: '7b0c1f7e-1111-4a3b-9c1d-000000000009', code: null, active: true };
      added.names = { en: b.name, sw: b.name, fr: b.name };
      types.push(added);
      return { status: 201, body: { success: true, data: added } };
    }
    if (method === 'PATCH') {
      Object.assign(types[0]!, body as object);
      return { body: { success: true, data: types[0] } };
    }
    return { body: page(types.map((t) => ({ ...t }))) };
  });
}

const signInHr = () => useSession.getState().signIn('token', { ...AMINA, role: 'Clinic' as const });

describe("HR's leave types", () => {
  it('adds a type with every rule, checking the figures before sending', async () => {
    signInHr();
    const calls = fakeTypes();
    await renderScreen(<LeaveTypes />, { path: '/hr/leave' });
    const region = await screen.findByRole('region', { name: 'Leave types' });
    await within(region).findByText('Sick leave');
    await userEvent.click(within(region).getByRole('button', { name: 'Add a leave type' }));
    const form = within(region).getByRole('form', { name: 'Add a leave type' });
    // "Offered" is for a type that exists.
    expect(within(form).queryByLabelText('Offered')).not.toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText(/^Name/), 'E');
    await userEvent.type(within(form).getByLabelText(/^Days a year/), 'ten');
    await userEvent.type(within(form).getByLabelText(/^Ask for it when/), '1.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Add leave type' }));
    expect(within(form).getByLabelText(/^Name/)).toHaveAccessibleDescription(
      'Enter a name of 2 to 80 characters.',
    );
    expect(within(form).getByLabelText(/^Days a year/)).toHaveAccessibleDescription(
      'Enter days as a number, for example 21 or 10.5.',
    );
    expect(within(form).getByLabelText(/^Ask for it when/)).toHaveAccessibleDescription(
      'Enter a whole number of days from 0 to 366, or leave it empty.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText(/^Name/));
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Exam leave');
    await userEvent.selectOptions(within(form).getByLabelText(/^How it is earned/), 'Month by month');
    await userEvent.clear(within(form).getByLabelText(/^Days a year/));
    await userEvent.type(within(form).getByLabelText(/^Days a year/), '4,5');
    await userEvent.clear(within(form).getByLabelText(/^Days that may carry/));
    await userEvent.clear(within(form).getByLabelText(/^Months of service/));
    await userEvent.type(within(form).getByLabelText(/^Months of service/), '6');
    await userEvent.type(within(form).getByLabelText(/^Days on full pay/), '2');
    await userEvent.type(within(form).getByLabelText(/^Document asked for/), 'Exam timetable');
    await userEvent.clear(within(form).getByLabelText(/^Ask for it when/));
    await userEvent.type(within(form).getByLabelText(/^Ask for it when/), '0');
    await userEvent.click(within(form).getByLabelText('Public holidays count as leave days'));
    await userEvent.click(within(form).getByLabelText('The balance may go below zero'));
    await userEvent.click(within(form).getByLabelText('Paid leave'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add leave type' }));
    expect(await within(region).findByText('Leave type added.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Exam leave',
      accrual: 'monthly',
      daysPerYear: 4.5,
      carryOverCap: null,
      minServiceMonths: 6,
      halfPayAfterDays: 2,
      documentsRequired: 'Exam timetable',
      documentsAfterDays: 0,
      countsWeekends: false,
      countsHolidays: true,
      allowNegative: true,
      paid: false,
    });
    expect(await within(region).findByText('Exam leave')).toBeInTheDocument();
    expect(within(region).queryByRole('form')).not.toBeInTheDocument();
  });

  it("edits a preset's rules in place, by keyboard too, sending only what changed", async () => {
    signInHr();
    const calls = fakeTypes();
    await renderScreen(<LeaveTypes />, { path: '/hr/leave' });
    const region = await screen.findByRole('region', { name: 'Leave types' });
    const sick = (await within(region).findByText('Sick leave')).closest('li')!;
    expect(sick).toHaveTextContent('Sick leave · 14 days a year');
    await userEvent.click(within(sick).getByRole('button', { name: 'Edit Sick leave' }));
    const form = within(sick).getByRole('form', { name: 'Edit Sick leave' });
    expect(within(form).getByLabelText(/^Name/)).toHaveAccessibleDescription(
      "Kenya's preset names read in each language until you rename them.",
    );
    expect(within(form).getByLabelText(/^How it is earned/)).toHaveValue('yearly');
    expect(within(form).getByLabelText(/^Days on full pay/)).toHaveValue('7');
    expect(within(form).getByLabelText(/^Ask for it when/)).toHaveValue('2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save leave type' }));
    expect(await within(form).findByText('Nothing was changed.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    // Keyboard only: a certificate from the first day, no half pay, no longer offered.
    const after = within(form).getByLabelText(/^Ask for it when/);
    after.focus();
    await userEvent.keyboard('{Control>}a{/Control}0');
    await userEvent.clear(within(form).getByLabelText(/^Days on full pay/));
    within(form).getByLabelText('Offered').focus();
    await userEvent.keyboard(' ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save leave type' }));
    expect(await within(form).findByText('Leave type saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      halfPayAfterDays: null,
      documentsAfterDays: 0,
      active: false,
    });
    expect(await within(sick).findByText(/no longer offered/)).toBeInTheDocument();

    await act(async () => useLanguage.getState().setLanguage('sw'));
    expect(await within(form).findByLabelText(/^Jinsi inavyopatikana/)).toBeInTheDocument();
    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(await within(form).findByLabelText(/^Mode d'acquisition/)).toBeInTheDocument();
  });

  it("shows the service's refusal by its code", async () => {
    signInHr();
    fakeTypes({
      status: 409,
      code: 'core.leave_type_exists',
      message: 'A leave type with this name already exists.',
    });
    await renderScreen(<LeaveTypes />, { path: '/hr/leave' });
    const region = await screen.findByRole('region', { name: 'Leave types' });
    const sick = (await within(region).findByText('Sick leave')).closest('li')!;
    await userEvent.click(within(sick).getByRole('button', { name: 'Edit Sick leave' }));
    await userEvent.clear(within(sick).getByLabelText(/^Name/));
    await userEvent.type(within(sick).getByLabelText(/^Name/), 'Annual leave');
    await userEvent.click(within(sick).getByRole('button', { name: 'Save leave type' }));
    expect(await within(sick).findByRole('alert')).toHaveTextContent(
      'A leave type with this name already exists.',
    );
  });
});
