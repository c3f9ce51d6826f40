import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, CLINIC, ADMIN, UNAVAILABLE, page, resetSession } from '../../test/fixtures';
import UsersPage from './UsersPage';

beforeEach(resetSession);

/** Counts (limit=1 per filter), then the list; writes answered ok. */
function accountsApi(list = [AMINA, CLINIC], extra?: (path: string, method: string) => unknown) {
  return fakeApi((call) => {
    const url = new URL(call.path, 'http://x');
    const answer = extra?.(call.path, call.method);
    if (answer) return answer as { status?: number; body?: unknown };
    if (url.pathname === '/api/user/admin/accounts') {
      if (url.searchParams.get('limit') === '1') {
        const role = url.searchParams.get('role');
        return page([], role === 'user' ? 41 : role === 'Clinic' ? 7 : 49, 1);
      }
      return page(list, 45);
    }
    return { body: { success: true, account: AMINA } };
  });
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('User management', () => {
  it('lists every account with its counts, searches on the server and keeps the query in the address', async () => {
    const calls = accountsApi();
    await renderScreen(<UsersPage />, { path: '/admin/users' });
    expect(await screen.findByText('45 accounts found')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Email',
      'Designation',
      'Phone',
      'Address',
      'Role',
      'Status',
      'Joined',
      'Actions',
    ]);
    expect(within(row('Amina Wanjiru')).getByText('amina@example.org')).toBeInTheDocument();
    // The spec's users table (and its CSV): designation, phone and address as the member wrote them.
    expect(within(row('Amina Wanjiru')).getByText('Registered Nurse')).toBeInTheDocument();
    expect(within(row('Amina Wanjiru')).getByRole('link', { name: '+254 712 345 678' })).toHaveAttribute(
      'href',
      'tel:+254712345678',
    );
    expect(within(row('Amina Wanjiru')).getByText('Kenyatta Avenue, Nakuru, Kenya')).toBeInTheDocument();
    expect(within(row('Nakuru Family Clinic')).getByText('Clinic')).toBeInTheDocument();
    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(tile('Total users')).toHaveTextContent('41');
    expect(tile('Clinics')).toHaveTextContent('7');
    expect(tile('Total accounts')).toHaveTextContent('49');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'amina');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/users?search=amina'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Clinics');
    await waitFor(() => expect(currentUrl()).toBe('/admin/users?search=amina&role=Clinic'));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain(
        '/api/user/admin/accounts?search=amina&role=Clinic&page=1&limit=20',
      ),
    );
    // 45 accounts, 20 a page: the next page is asked of the server.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain(
        '/api/user/admin/accounts?search=amina&role=Clinic&page=2&limit=20',
      ),
    );
  });

  it('suspends with a reason and an optional end date, asked first, and refuses an empty reason', async () => {
    const calls = accountsApi();
    await renderScreen(<UsersPage />, { path: '/admin/users' });
    await screen.findByText('45 accounts found');
    await userEvent.click(screen.getByRole('button', { name: 'Suspend Amina Wanjiru' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Amina Wanjiru?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(within(dialog).getByText('Give a reason for the suspension.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Fake practising licence');
    const until = new Date();
    until.setDate(until.getDate() + 14);
    const day = `${until.getFullYear()}-${String(until.getMonth() + 1).padStart(2, '0')}-${String(until.getDate()).padStart(2, '0')}`;
    await userEvent.type(within(dialog).getByLabelText('Suspended until (optional)'), day);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await screen.findByText('Amina Wanjiru is suspended.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/api/user/admin/accounts/${AMINA.id}/suspend`);
    expect(post.body).toEqual({
      reason: 'Fake practising licence',
      until: new Date(`${day}T00:00:00`).toISOString(),
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lifts a suspension, changes a role and removes an account, each after a confirmation', async () => {
    const suspended = {
      ...AMINA,
      status: 'suspended' as const,
      suspendedReason: 'Spam',
      suspendedUntil: null,
    };
    const calls = accountsApi([suspended, CLINIC]);
    await renderScreen(<UsersPage />, { path: '/admin/users' });
    await screen.findByText('45 accounts found');
    expect(within(row('Amina Wanjiru')).getByText(/until lifted — Spam/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Lift suspension: Amina Wanjiru' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Lift suspension' }),
    );
    expect(await screen.findByText('Amina Wanjiru can log in again.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change role: Nakuru Family Clinic' }));
    const roleDialog = screen.getByRole('dialog', { name: 'Change the role of Nakuru Family Clinic' });
    expect(within(roleDialog).getByRole('combobox', { name: 'New role' })).toHaveValue('user');
    await userEvent.click(within(roleDialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Nakuru Family Clinic is now: User.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Nakuru Family Clinic' }));
    const removeDialog = screen.getByRole('dialog', { name: 'Remove Nakuru Family Clinic?' });
    await userEvent.click(within(removeDialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Nakuru Family Clinic' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove account' }));
    expect(
      await screen.findByText('The account of Nakuru Family Clinic has been removed.'),
    ).toBeInTheDocument();

    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', `/api/user/admin/accounts/${AMINA.id}/unsuspend`, undefined],
      ['PATCH', `/api/user/admin/accounts/${CLINIC.id}`, { role: 'user' }],
      ['DELETE', `/api/user/admin/accounts/${CLINIC.id}`, undefined],
    ]);
  });

  it('verifies a clinic’s organisation, naming the registration document checked; a professional has no such button', async () => {
    const calls = accountsApi();
    await renderScreen(<UsersPage />, { path: '/admin/users' });
    await screen.findByText('45 accounts found');
    expect(
      within(row('Amina Wanjiru')).queryByRole('button', { name: /Verify organisation/ }),
    ).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify organisation: Nakuru Family Clinic' }));
    const dialog = screen.getByRole('dialog', { name: 'Verify Nakuru Family Clinic' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify organisation' }));
    expect(within(dialog).getByText('Name the registration document you checked.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Registration document checked/ }),
      'KMPDC facility licence F-2291',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify organisation' }));
    expect(await screen.findByText('Nakuru Family Clinic is verified.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [
        `/api/user/admin/accounts/${CLINIC.id}/verify-organisation`,
        { reference: 'KMPDC facility licence F-2291' },
      ],
    ]);
  });

  it("shows the server's refusal inside the dialog, and offers no action on the admin's own account", async () => {
    const me = { ...AMINA, id: ADMIN.id, name: ADMIN.name, email: ADMIN.email, role: 'admin' as const };
    accountsApi([me, CLINIC], (path, method) =>
      method === 'DELETE'
        ? { status: 409, body: { success: false, code: 'admin.last_admin', message: 'last admin' } }
        : undefined,
    );
    await renderScreen(<UsersPage />, { path: '/admin/users' });
    await screen.findByText('45 accounts found');
    expect(within(row(ADMIN.name)).getByText('Your account')).toBeInTheDocument();
    expect(within(row(ADMIN.name)).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Nakuru Family Clinic' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove account' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'The last administrator account cannot be changed.',
    );
  });

  it('exports users_clinics.csv with the token', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:csv');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = accountsApi([AMINA], (path) =>
      path === '/api/dashboard/export.csv' ? { body: new Blob(['\uFEFF"name"\r\n']) } : undefined,
    );
    await renderScreen(<UsersPage />, { path: '/admin/users' });
    await screen.findByText('45 accounts found');
    await userEvent.click(screen.getByRole('button', { name: 'Export data' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/dashboard/export.csv'));
    await waitFor(() => expect(saved).toEqual(['users_clinics.csv']));
    expect(calls.find((c) => c.path === '/api/dashboard/export.csv')!.method).toBe('GET');
  });

  it('says clearly when the service is not there, and tries again', async () => {
    let up = false;
    fakeApi(() => (up ? page([AMINA], 1) : UNAVAILABLE));
    await renderScreen(<UsersPage />, { path: '/admin/users' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of AfyaHR is temporarily unavailable. Please try again shortly.',
    );
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 account found')).toBeInTheDocument();
  });
});
