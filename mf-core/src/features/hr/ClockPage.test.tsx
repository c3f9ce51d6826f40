import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import ClockPage from './ClockPage';

beforeEach(resetSession);
afterEach(async () => {
  window.innerWidth = 1024;
  await act(async () => useLanguage.getState().setLanguage('en'));
});

const CODE = 'K7M2-Q9PX';
const NIGHT = {
  assignmentId: '7b0c1f7e-8888-4a3b-9c1d-000000000001',
  day: '2026-03-02',
  name: 'Night',
  departmentId: '7b0c1f7e-2222-4a3b-9c1d-000000000001',
  departmentName: 'Maternity ward',
  startsAt: '19:00',
  endsAt: '07:00',
  start: '2026-03-02T16:00:00.000Z',
  end: '2026-03-03T04:00:00.000Z',
  codeRequired: true,
};

/** svc-core's clock for one nurse whose ward asks for its code: out, then in at 18:55 Nairobi, then out. */
function fakeClock() {
  let open: Record<string, unknown> | null = null;
  const done: Record<string, unknown>[] = [];
  const state = () => ({
    success: true,
    data: {
      state: open ? 'in' : 'out',
      timeZone: 'Africa/Nairobi',
      today: '2026-03-02',
      open,
      shift: NIGHT,
      codeRequired: !open,
      entries: [...(open ? [open] : []), ...done],
    },
  });
  return fakeApi(({ method, path, body }) => {
    if (path === '/api/core/clock/me') return { body: state() };
    if (method === 'POST' && path === '/api/core/clock') {
      const { action, qr } = body as { action: string; qr?: string };
      if (action === 'in') {
        if (qr?.toUpperCase() !== CODE)
          return {
            status: 422,
            body: { success: false, message: 'wrong', code: 'core.clock_code_wrong' },
          };
        open = {
          id: '7b0c1f7e-9999-4a3b-9c1d-000000000001',
          clockIn: '2026-03-02T15:55:00.000Z',
          clockOut: null,
          minutesLate: 0,
          late: false,
          shift: NIGHT,
          correctionReason: null,
        };
      } else {
        done.unshift({ ...open!, clockOut: '2026-03-03T04:05:00.000Z' });
        open = null;
      }
      return { body: state() };
    }
    return { status: 404, body: { success: false, message: 'no', code: 'request.not_found' } };
  });
}

describe('/hr/clock', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr/clock');
  });

  it('asks for the ward’s code at its field, then clocks in and out', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeClock();
    await renderScreen(<ClockPage />, { path: '/hr/clock' });
    const card = await screen.findByRole('region', { name: 'You are not clocked in' });
    expect(
      within(card).getByText('Night · Maternity ward · Monday, 2 March, 19:00 to 07:00'),
    ).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Clock in' }));
    expect(within(card).getByLabelText('Ward code')).toHaveAccessibleDescription(
      "Type the ward's code, or scan its QR code.",
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(card).getByLabelText('Ward code'), 'AAAA-AAAA{Enter}');
    expect(
      await within(card).findByText("This is not the ward's clock-in code: check it and try again."),
    ).toBeInTheDocument();
    await userEvent.clear(within(card).getByLabelText('Ward code'));
    await userEvent.type(within(card).getByLabelText('Ward code'), 'k7m2-q9px{Enter}');
    expect(await screen.findByText('Clocked in at 18:55.')).toBeInTheDocument();
    const inCard = await screen.findByRole('region', { name: 'Clocked in since 18:55' });
    expect(within(inCard).queryByLabelText('Ward code')).not.toBeInTheDocument();

    await userEvent.click(within(inCard).getByRole('button', { name: 'Clock out' }));
    expect(await screen.findByText('Clocked out at 07:05.')).toBeInTheDocument();
    const entries = screen.getByRole('region', { name: 'The last 24 hours' });
    expect(within(entries).getByRole('listitem')).toHaveTextContent('In 18:55, out 07:05 · Night');
  });

  it('takes the code from the QR code’s address, on a phone in Kiswahili', async () => {
    window.innerWidth = 360;
    useSession.getState().signIn('token', AMINA);
    const calls = fakeClock();
    await renderScreen(<ClockPage />, { path: `/hr/clock?code=${CODE}` });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const card = await screen.findByRole('region', { name: 'Hujaingia kazini' });
    expect(within(card).getByLabelText('Nambari ya wodi')).toHaveValue(CODE);
    expect(within(card).getByText(/saa 1:00 usiku hadi saa 1:00 asubuhi/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Ingia kazini' }));
    expect(await screen.findByText('Umeingia kazini saa 12:55 jioni.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ action: 'in', qr: CODE }]);
  });
});
