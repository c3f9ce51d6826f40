import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import { LeaveRequestsCsv } from './LeaveRequestsCsv';

beforeEach(resetSession);
afterEach(() => {
  jest.restoreAllMocks();
  return act(async () => useLanguage.getState().setLanguage('en'));
});

const WARD = '7b0c1f7e-2222-4a3b-9c1d-000000000001';

/** Files "saved": the anchor's download name on each click. */
function saving() {
  URL.createObjectURL = jest.fn(() => 'blob:csv');
  URL.revokeObjectURL = jest.fn();
  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

function fakeCore(refuse = false) {
  return fakeApi(({ path }) => {
    if (path.startsWith('/api/core/leave/requests.csv'))
      return refuse
        ? { status: 422, body: { success: false, message: 'x', code: 'core.export_too_large' } }
        : { body: new Blob(['\uFEFF"Name"\r\n']) };
    if (path.startsWith('/api/core/places'))
      return {
        body: { success: true, data: { locations: [], departments: [{ id: WARD, name: 'Maternity ward' }] } },
      };
    return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
  });
}

describe('the leave requests CSV', () => {
  it('downloads the requests as filtered, each filter optional, by keyboard too', async () => {
    useSession.getState().signIn('token', AMINA);
    const saved = saving();
    const calls = fakeCore();
    await renderScreen(<LeaveRequestsCsv />, { path: '/hr/leave' });
    const region = await screen.findByRole('region', { name: 'Leave requests for a spreadsheet' });
    await userEvent.click(within(region).getByRole('button', { name: 'Download requests (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['leave-requests.csv']));
    expect(calls.map((c) => c.path)).toContain('/api/core/leave/requests.csv?');

    await userEvent.type(within(region).getByLabelText(/^First day/), '2026-05-31');
    await userEvent.type(within(region).getByLabelText(/^Last day/), '2026-05-01');
    await userEvent.click(within(region).getByRole('button', { name: 'Download requests (CSV)' }));
    expect(within(region).getByLabelText(/^Last day/)).toHaveAccessibleDescription(
      'The last day cannot be before the first.',
    );
    expect(saved).toHaveLength(1);

    await userEvent.clear(within(region).getByLabelText(/^First day/));
    await userEvent.type(within(region).getByLabelText(/^First day/), '2026-05-01');
    await userEvent.clear(within(region).getByLabelText(/^Last day/));
    await userEvent.type(within(region).getByLabelText(/^Last day/), '2026-05-31');
    await userEvent.selectOptions(within(region).getByLabelText(/^Status/), 'Approved');
    await userEvent.selectOptions(await within(region).findByLabelText(/^Department/), 'Maternity ward');
    // Enter in a field sends the form.
    await userEvent.type(within(region).getByLabelText(/^Last day/), '{Enter}');
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(calls.map((c) => c.path)).toContain(
      `/api/core/leave/requests.csv?from=2026-05-01&to=2026-05-31&status=approved&departmentId=${WARD}`,
    );
  });

  it("shows the service's refusal in the page's language", async () => {
    useSession.getState().signIn('token', AMINA);
    saving();
    fakeCore(true);
    await renderScreen(<LeaveRequestsCsv />, { path: '/hr/leave' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const region = await screen.findByRole('region', { name: 'Maombi ya likizo kwa lahajedwali' });
    await userEvent.click(within(region).getByRole('button', { name: 'Pakua maombi (CSV)' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Safu nyingi mno zinalingana kwa faili moja: punguza vichujio kisha pakua tena.',
    );
  });
});
