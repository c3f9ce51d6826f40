import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage } from '@platform/shell-state';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { CLINIC, EVENT, resetSession, signIn } from '../../test/fixtures';
import CheckinPage from './CheckinPage';

jest.mock('@platform/router', () => {
  const actual = jest.requireActual('@platform/router');
  return { ...actual, useParams: () => ({ id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b' }) };
});

const online = (value: boolean) => Object.defineProperty(navigator, 'onLine', { value, configurable: true });
const queueKey = `afya.events.checkinQueue.${CLINIC.id}`;
const stored = () => JSON.parse(localStorage.getItem(queueKey) ?? '[]') as Array<{ ticket: string }>;
const ORGANISED = { ...EVENT, organizing: true, seatsTaken: 2 };
const here = `/event/${EVENT.id}/checkin`;

/** 06:42 UTC is 09:42 on the event's clock (Nairobi). */
const checkedIn = (name: string, alreadyCheckedIn = false, checkedInCount = 1) => ({
  status: alreadyCheckedIn ? 200 : 201,
  body: {
    success: true,
    data: {
      registrationId: 'r',
      name,
      checkedInAt: '2026-11-24T06:42:00.000Z',
      alreadyCheckedIn,
      certificateId: null,
      registered: 2,
      checkedIn: checkedInCount,
    },
  },
});
const refused = (status: number, code: string, message = code) => ({
  status,
  body: { success: false, code, message },
});

type Answer = { status?: number; body: unknown };
/** The service: the event, its count, and `scan` for each check-in. */
function door(scan: (ticket: string) => Answer, event = ORGANISED) {
  return fakeApi(({ method, path, body }) => {
    if (method === 'POST') return scan((body as { ticket: string }).ticket);
    if (path.endsWith('/checkins/count'))
      return { body: { success: true, data: { registered: 2, checkedIn: 0 } } };
    return { body: { success: true, data: event } };
  });
}

beforeEach(() => {
  resetSession();
  signIn(CLINIC);
  online(true);
});
afterAll(() => online(true));

const field = () => screen.getByLabelText('Ticket code');
const result = () => screen.getAllByRole('status').find((el) => el.classList.contains('door-result'))!;
async function typeCode(code: string) {
  await userEvent.type(field(), code);
  await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
}

describe('the check-in screen', () => {
  it('shows the count, checks a typed code in with the name large in place, and moves the count', async () => {
    let scans = 0;
    const calls = door(() => checkedIn('Amina Wanjiru', scans++ > 0));
    await renderScreen(<CheckinPage />, { path: here });
    expect(await screen.findByRole('heading', { level: 1, name: `Check-in: ${EVENT.title}` })).toBeVisible();
    expect(await screen.findByText('0 of 2 checked in')).toBeInTheDocument();
    // jsdom gives no camera: Scan is not offered, the typed code always is.
    expect(screen.getByText(/This browser gives the page no camera/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan with the camera' })).not.toBeInTheDocument();
    expect(result()).toHaveTextContent('Type a ticket code or scan a ticket: the result shows here.');

    await typeCode('0001-k7f39q');
    await waitFor(() => expect(result()).toHaveTextContent('Checked in: Amina WanjiruAt 09:42.'));
    expect(result()).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText('1 of 2 checked in')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `/api/event/${EVENT.id}/checkins`,
      body: { ticket: '0001-k7f39q' },
    });
    // Cleared on success, and focus is back in the field for the next one.
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
    await typeCode('0001-K7F39Q');
    await waitFor(() => expect(result()).toHaveTextContent('Already checked in: Amina Wanjiru'));
    expect(result()).toHaveTextContent('Since 09:42');
    // The earlier result is listed under the last one.
    const earlier = screen.getByRole('region', { name: 'Earlier at this door' });
    expect(within(earlier).getByText('Checked in: Amina Wanjiru')).toBeInTheDocument();
  });

  it('keeps a mistyped code (the result says so in words) for correcting, by keyboard alone', async () => {
    door((ticket) =>
      ticket === '0001-K7F39Q'
        ? checkedIn('Amina Wanjiru')
        : refused(400, 'events.ticket_invalid', 'ticket: this is not a valid ticket'),
    );
    await renderScreen(<CheckinPage />, { path: here });
    await screen.findByText('0 of 2 checked in');
    await userEvent.click(field());
    await userEvent.keyboard('0001-K7F39O{Enter}');
    await waitFor(() => expect(result()).toHaveTextContent('Ticket not found'));
    expect(result()).toHaveTextContent('No ticket has the code 0001-K7F39O.');
    expect(field()).toHaveValue('0001-K7F39O');
    expect(field()).toHaveFocus();
    expect(screen.getByText('0 of 2 checked in')).toBeInTheDocument();
    expect(stored()).toEqual([]);
    // One character fixed, not the whole code typed again.
    await userEvent.keyboard('{Backspace}Q{Enter}');
    await waitFor(() => expect(result()).toHaveTextContent('Checked in: Amina Wanjiru'));
    expect(screen.getByText('1 of 2 checked in')).toBeInTheDocument();
    expect(field()).toHaveValue('');
  });

  it('writes the time on the Swahili clock in Kiswahili: 09:42 is "saa 3:42 asubuhi", never "saa 09:42"', async () => {
    try {
      let scans = 0;
      door(() => checkedIn('Amina Wanjiru', scans++ > 0));
      await renderScreen(<CheckinPage />, { path: here });
      await act(async () => useLanguage.getState().setLanguage('sw'));
      // The code field in Kiswahili, by keyboard.
      await userEvent.click(await screen.findByRole('textbox'));
      await userEvent.keyboard('0001-k7f39q{Enter}');
      await waitFor(() => expect(result()).toHaveTextContent('Amethibitishwa kuwasili: Amina Wanjiru'));
      expect(result()).toHaveTextContent('Wakati: saa 3:42 asubuhi.');
      await userEvent.keyboard('0001-K7F39Q{Enter}');
      await waitFor(() => expect(result()).toHaveTextContent('Tangu saa 3:42 asubuhi:'));
      expect(result()).not.toHaveTextContent('09:42');
    } finally {
      await act(async () => useLanguage.getState().setLanguage('en'));
    }
  });

  it('says "Wrong event" for another event\'s ticket, in the page\'s language', async () => {
    door(() => refused(422, 'events.ticket_other_event'));
    await renderScreen(<CheckinPage />, { path: here });
    await screen.findByText('0 of 2 checked in');
    await typeCode('abc.def.ghi');
    await waitFor(() => expect(result()).toHaveTextContent('Wrong event'));
    expect(result()).toHaveTextContent('This ticket is for another event.');
    expect(field()).toHaveValue('abc.def.ghi');
  });

  it('tells anyone but the organiser that the screen is not theirs, and sends a visitor to log in', async () => {
    const calls = door(() => checkedIn('x'), { ...EVENT, organizing: false });
    const view = await renderScreen(<CheckinPage />, { path: here });
    expect(await screen.findByText('Only the organisation running this event can do this.')).toBeVisible();
    expect(screen.queryByLabelText('Ticket code')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/checkins/count'))).toBe(false);
    view.unmount();
    resetSession();
    await renderScreen(<CheckinPage />, { path: here });
    expect(currentUrl()).toBe(`/login?next=${encodeURIComponent(here)}`);
  });

  it('keeps scans made offline in the browser, shows how many wait, and sends them when the network is back', async () => {
    online(false);
    const calls = door((ticket) =>
      checkedIn(
        ticket === '0001-AAAAAA' ? 'Amina Wanjiru' : 'Baraka Otieno',
        false,
        ticket === '0001-AAAAAA' ? 1 : 2,
      ),
    );
    await renderScreen(<CheckinPage />, { path: here });
    await screen.findByText('0 of 2 checked in');
    await typeCode('0001-AAAAAA');
    await waitFor(() =>
      expect(result()).toHaveTextContent(
        'No connection: the scan is saved and will be sent when the network is back.',
      ),
    );
    expect(screen.getByText('1 scan waiting to be sent.')).toBeInTheDocument();
    await typeCode('0002-BBBBBB');
    expect(await screen.findByText('2 scans waiting to be sent.')).toBeInTheDocument();
    expect(stored().map((s) => s.ticket)).toEqual(['0001-AAAAAA', '0002-BBBBBB']);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    online(true);
    await act(async () => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result()).toHaveTextContent('Checked in: Baraka Otieno'));
    const earlier = screen.getByRole('region', { name: 'Earlier at this door' });
    expect(within(earlier).getByText('Checked in: Amina Wanjiru')).toBeInTheDocument();
    expect(screen.getByText('2 of 2 checked in')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.method === 'POST').map((c) => (c.body as { ticket: string }).ticket),
    ).toEqual(['0001-AAAAAA', '0002-BBBBBB']);
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).not.toBeInTheDocument());
    expect(localStorage.getItem(queueKey)).toBeNull();
  });

  it('queues a scan whose answer never came (the network dropped while sending), and survives a reload', async () => {
    let down = true;
    const calls = door(() => {
      if (down) throw new TypeError('Failed to fetch');
      return checkedIn('Amina Wanjiru');
    });
    const view = await renderScreen(<CheckinPage />, { path: here });
    await screen.findByText('0 of 2 checked in');
    await typeCode('0001-AAAAAA');
    expect(await screen.findByText('1 scan waiting to be sent.')).toBeInTheDocument();
    view.unmount();

    // The page opened again later, online: what waited is sent at once.
    down = false;
    await renderScreen(<CheckinPage />, { path: here });
    await waitFor(() => expect(result()).toHaveTextContent('Checked in: Amina Wanjiru'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
    expect(stored()).toEqual([]);
  });
});
