import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import { LicenceAlertRoles } from './LicenceAlertRoles';

beforeEach(resetSession);
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const LICENSED = ['Doctor', 'Nurse', 'Clinical Officer', 'Pharmacist', 'Laboratory Technologist'];
const view = (limit: number | null, roles: string[]) => ({
  success: true,
  data: {
    limit,
    roles: roles.map((profession, i) => ({
      profession,
      since: '2026-06-01T09:00:00.000Z',
      alerted: limit === null || i < limit,
    })),
    professions: LICENSED,
  },
});
const signInOwner = () =>
  useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });

describe("/hr's licence alerts by staff role", () => {
  it('shows the 3 roles an Essential clinic chose, and why a 4th is refused with the way to upgrade', async () => {
    signInOwner();
    let chosen = ['Nurse', 'Doctor', 'Clinical Officer'];
    const calls = fakeApi(({ method, path }) => {
      if (method === 'GET') return { body: view(3, chosen) };
      if (method === 'POST')
        return {
          status: 402,
          body: {
            success: false,
            code: 'billing.limit_reached',
            module: 'core',
            limit: 'licenceAlertRoles',
            allowed: 3,
            message: 'Your plan tracks licences for up to 3 staff roles.',
          },
        };
      if (method === 'DELETE' && path === '/api/core/licence-alerts/roles/Clinical%20Officer') {
        chosen = ['Nurse', 'Doctor'];
        return { body: view(3, chosen) };
      }
      return { status: 404, body: {} };
    });
    await renderScreen(<LicenceAlertRoles owner />, { path: '/hr' });
    const section = await screen.findByRole('region', { name: 'Licence alerts by staff role' });
    expect(await within(section).findByText('3 of 3 roles chosen:')).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: '3 of 3 roles chosen:' })).toHaveTextContent(
      /Nurse.*Doctor.*Clinical officer/,
    );
    // The plan is full: the way to more roles is shown before any attempt.
    expect(within(section).getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute(
      'href',
      '/billing/checkout?items=professional',
    );
    expect(within(section).getByRole('link', { name: 'Compare the plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );

    const select = within(section).getByLabelText('Staff role');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pharmacist', 'Laboratory technologist']);
    await userEvent.click(within(section).getByRole('button', { name: 'Alert HR for this role' }));
    expect(
      await within(section).findByText(
        'Pharmacist was not added: your plan alerts HR for up to 3 staff roles, and they are all chosen. Stop the alerts for another role, or upgrade.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { profession: 'Pharmacist' } });

    await userEvent.click(within(section).getByRole('button', { name: 'Stop alerts for Clinical officer' }));
    expect(await within(section).findByText('2 of 3 roles chosen:')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Upgrade to Professional' })).not.toBeInTheDocument();
  });

  it('tells an HR admin who can upgrade, in Kiswahili, and marks roles past a lowered limit', async () => {
    useSession.getState().signIn('token', { ...AMINA, id: 'u-hr' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    fakeApi(() => ({ body: view(3, ['Doctor', 'Nurse', 'Clinical Officer', 'Pharmacist']) }));
    await renderScreen(<LicenceAlertRoles owner={false} />, { path: '/hr' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const section = await screen.findByRole('region', {
      name: 'Arifa za leseni kwa majukumu ya wafanyakazi',
    });
    expect(
      await within(section).findByText(/haiarifiwi: imezidi kikomo cha mpango wako/),
    ).toBeInTheDocument();
    expect(section).toHaveTextContent(
      'Akaunti ya kliniki yako inaweza kupandisha mpango kwenye ukurasa wa malipo.',
    );
    expect(
      within(section).queryByRole('link', { name: 'Pandisha hadi Professional' }),
    ).not.toBeInTheDocument();
  });

  it('says every role alerts on an unlimited plan, with nothing to choose', async () => {
    signInOwner();
    fakeApi(() => ({ body: view(null, []) }));
    await renderScreen(<LicenceAlertRoles owner />, { path: '/hr' });
    expect(
      await screen.findByText('Your plan alerts HR to the expiring licences of every staff role.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Staff role')).not.toBeInTheDocument();
  });
});
