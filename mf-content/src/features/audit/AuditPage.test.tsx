import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import type { AuditEntry } from '../../api';
import { ADMIN, UNAVAILABLE, page, resetSession } from '../../test/fixtures';
import AuditPage from './AuditPage';

beforeEach(resetSession);

const ENTRY: AuditEntry = {
  seq: 41,
  at: '2026-11-22T10:05:00.000Z',
  service: 'identity',
  actor: { id: ADMIN.id, name: ADMIN.name, email: 'grace@afyahr.example', role: 'admin' },
  action: 'account.suspend',
  target: {
    module: 'identity',
    kind: 'account',
    id: '0b6a2c1e-2222-4aaa-8bbb-000000000002',
    label: 'Baraka Otieno',
  },
  before: { status: 'active' },
  after: { status: 'suspended', reason: 'Spam' },
  address: '196.201.214.7',
  requestId: 'req-7f3a',
  hash: 'a'.repeat(64),
};

describe('the audit log', () => {
  it('lists admin actions with who, what, target, before and after, address and request, and filters them', async () => {
    const calls = fakeApi(() => page([ENTRY], 1, 50));
    await renderScreen(<AuditPage />, { path: '/admin/audit' });
    const row = (await screen.findByRole('cell', { name: /account\.suspend/ })).closest('tr')!;
    expect(row).toHaveTextContent(ADMIN.name);
    expect(row).toHaveTextContent(ENTRY.target.label);
    expect(row).toHaveTextContent(ENTRY.target.id);
    expect(row).toHaveTextContent('196.201.214.7');
    expect(row).toHaveTextContent('req-7f3a');
    await userEvent.click(within(row).getByText('Before and after'));
    expect(row).toHaveTextContent('"status": "suspended"');

    await userEvent.type(screen.getByRole('textbox', { name: 'Target' }), 'account:0b6a');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain(
        '/api/admin/audit?target=account%3A0b6a&from=2026-11-01&page=1&limit=50',
      ),
    );
  });

  it('says "more than" when the log holds more than it counts, and pages on without a last page', async () => {
    fakeApi(() => ({
      body: { success: true, data: [ENTRY], pageInfo: { page: 1, limit: 50, total: 100, totalCapped: true } },
    }));
    await renderScreen(<AuditPage />, { path: '/admin/audit' });
    expect(await screen.findByText('More than 100 actions')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages of the log' });
    expect(pager).toHaveTextContent('Page 1');
    expect(pager).not.toHaveTextContent(/of \d/);
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('runs the tamper check on request and shows its verdict, naming the first broken entry', async () => {
    let intact = true;
    const calls = fakeApi((call) =>
      call.path === '/api/admin/audit/verify'
        ? {
            body: intact
              ? { success: true, ok: true, checked: 42, firstBroken: null }
              : {
                  success: true,
                  ok: false,
                  checked: 42,
                  firstBroken: { seq: 17, at: '2026-11-02T09:00:00.000Z' },
                },
          }
        : page([ENTRY], 1, 50),
    );
    await renderScreen(<AuditPage />, { path: '/admin/audit' });
    await screen.findByText('1 action');
    expect(calls.some((c) => c.path === '/api/admin/audit/verify')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Check the log' }));
    expect(await screen.findByText('The log is intact: 42 entries checked.')).toBeInTheDocument();
    intact = false;
    await userEvent.click(screen.getByRole('button', { name: 'Check the log' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /The log has been changed: entry 17 \(.+\) does not follow from the one before\./,
    );
  });

  it('says the log cannot be loaded while svc-content is not running', async () => {
    fakeApi(() => UNAVAILABLE);
    await renderScreen(<AuditPage />, { path: '/admin/audit' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load the audit log: This part of AfyaHR is temporarily unavailable.',
    );
  });
});
