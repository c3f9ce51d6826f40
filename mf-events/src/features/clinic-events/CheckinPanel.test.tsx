import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { CLINIC, EVENT, resetSession, signIn } from '../../test/fixtures';
import { CheckinPanel } from './CheckinPanel';

const online = (value: boolean) => Object.defineProperty(navigator, 'onLine', { value, configurable: true });
const queueKey = `afya.events.checkinQueue.${CLINIC.id}`;
const stored = () => JSON.parse(localStorage.getItem(queueKey) ?? '[]') as Array<{ ticket: string }>;

/** 06:42 UTC is 09:42 on the event's clock (Nairobi). */
const checkedIn = (name: string, alreadyCheckedIn = false) => ({
  status: alreadyCheckedIn ? 200 : 201,
  body: {
    success: true,
    data: {
      registrationId: 'r',
      name,
      checkedInAt: '2026-11-24T06:42:00.000Z',
      alreadyCheckedIn,
      certificateId: null,
    },
  },
});

beforeEach(() => {
  resetSession();
  signIn(CLINIC);
  online(true);
});
afterAll(() => online(true));

async function typeCode(code: string) {
  await userEvent.type(screen.getByLabelText('Ticket code'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
}

describe('check-in at the door', () => {
  it('checks a typed code in and says when, as a toast; a second scan says "already"', async () => {
    let scans = 0;
    const calls = fakeApi(() => checkedIn('Amina Wanjiru', scans++ > 0));
    await renderScreen(<CheckinPanel event={EVENT} />);
    // jsdom has no BarcodeDetector: the camera is not offered, the typed code always is.
    expect(await screen.findByText(/This browser cannot read QR codes/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scan with the camera' })).not.toBeInTheDocument();

    await typeCode('0001-k7f39q');
    expect(await screen.findByText('Checked in at 09:42: Amina Wanjiru.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: `/api/event/${EVENT.id}/checkins`,
      body: { ticket: '0001-k7f39q' },
    });
    expect(screen.getByLabelText('Ticket code')).toHaveValue('');
    await typeCode('0001-K7F39Q');
    expect(await screen.findByText('Already checked in at 09:42: Amina Wanjiru.')).toBeInTheDocument();
  });

  it("shows the service's refusal in the page's language", async () => {
    fakeApi(() => ({
      status: 400,
      body: { success: false, code: 'events.ticket_invalid', message: 'ticket: this is not a valid ticket' },
    }));
    await renderScreen(<CheckinPanel event={EVENT} />);
    await typeCode('NOPE-NOPE');
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a valid ticket.');
    expect(stored()).toEqual([]);
  });

  it('keeps scans made offline in the browser, shows how many wait, and sends them when the network is back', async () => {
    online(false);
    const calls = fakeApi(({ body }) =>
      checkedIn((body as { ticket: string }).ticket === '0001-AAAAAA' ? 'Amina Wanjiru' : 'Baraka Otieno'),
    );
    await renderScreen(<CheckinPanel event={EVENT} />);
    await typeCode('0001-AAAAAA');
    expect(
      await screen.findByText('No connection: the scan is saved and will be sent when the network is back.'),
    );
    expect(screen.getByText('1 scan waiting to be sent.')).toBeInTheDocument();
    await typeCode('0002-BBBBBB');
    expect(await screen.findByText('2 scans waiting to be sent.')).toBeInTheDocument();
    expect(stored().map((s) => s.ticket)).toEqual(['0001-AAAAAA', '0002-BBBBBB']);
    expect(calls).toHaveLength(0);

    online(true);
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Checked in at 09:42: Amina Wanjiru.')).toBeInTheDocument();
    expect(await screen.findByText('Checked in at 09:42: Baraka Otieno.')).toBeInTheDocument();
    expect(calls.map((c) => (c.body as { ticket: string }).ticket)).toEqual(['0001-AAAAAA', '0002-BBBBBB']);
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).not.toBeInTheDocument());
    expect(localStorage.getItem(queueKey)).toBeNull();
  });

  it('queues a scan whose answer never came (the network dropped while sending), and survives a reload', async () => {
    let down = true;
    const calls = fakeApi(() => {
      if (down) throw new TypeError('Failed to fetch');
      return checkedIn('Amina Wanjiru');
    });
    const view = await renderScreen(<CheckinPanel event={EVENT} />);
    await typeCode('0001-AAAAAA');
    expect(await screen.findByText('1 scan waiting to be sent.')).toBeInTheDocument();
    view.unmount();

    // The page opened again later, online: what waited is sent at once.
    down = false;
    await renderScreen(<CheckinPanel event={EVENT} />);
    expect(await screen.findByText('Checked in at 09:42: Amina Wanjiru.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
    expect(stored()).toEqual([]);
  });
});
