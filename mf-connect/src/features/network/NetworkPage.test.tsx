import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, REQUEST, resetSession, signIn } from '../../test/fixtures';
import NetworkPage from './NetworkPage';

const list = <T,>(data: T[]) => ({
  body: { success: true, data, pageInfo: { page: 1, limit: 10, total: data.length } },
});

beforeEach(resetSession);

describe('my network', () => {
  it('accepts a request received; the person moves to the connections with their contact details', async () => {
    signIn(AMINA);
    let accepted = false;
    const calls = fakeApi((call) => {
      if (call.method === 'PATCH') {
        accepted = true;
        return { body: { success: true, data: { ...REQUEST, status: 'accepted' } } };
      }
      if (call.path.includes('box=incoming')) return list(accepted ? [] : [REQUEST]);
      if (call.path.includes('box=outgoing')) return list([]);
      if (call.path.startsWith('/api/connect/connections'))
        return list(
          accepted
            ? [
                {
                  requestId: REQUEST.id,
                  since: '2026-11-23T08:00:00.000Z',
                  person: { ...REQUEST.from, email: 'baraka@example.org', phone: '+254 711 222 333' },
                },
              ]
            : [],
        );
      return { status: 404 };
    });
    await renderScreen(<NetworkPage />, { path: '/connect/network' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My network' })).toBeInTheDocument();
    const received = screen.getByRole('region', { name: 'Requests received' });
    expect(await within(received).findByText('Baraka Otieno')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Requests sent' })).getByText(
        'No requests waiting for an answer.',
      ),
    ).toBeInTheDocument();
    const connections = screen.getByRole('region', { name: 'Connections' });
    expect(connections).toHaveTextContent('No connections yet.');

    await userEvent.click(
      within(received).getByRole('button', { name: 'Accept the request from Baraka Otieno' }),
    );
    expect(await screen.findByText('You are now connected with Baraka Otieno.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `/api/connect/requests/${REQUEST.id}`,
      body: { status: 'accepted' },
    });
    expect(await within(connections).findByRole('link', { name: 'baraka@example.org' })).toBeInTheDocument();
    expect(within(connections).getByRole('link', { name: '+254 711 222 333' })).toBeInTheDocument();
    await waitFor(() => expect(received).toHaveTextContent('No requests waiting for your answer.'));
  });

  it('withdraws a request sent only after asking', async () => {
    signIn(AMINA);
    const sent = { ...REQUEST, from: REQUEST.to, to: REQUEST.from };
    const calls = fakeApi((call) => {
      if (call.method === 'PATCH') return { body: { success: true, data: { ...sent, status: 'withdrawn' } } };
      if (call.path.includes('box=outgoing')) return list([sent]);
      return list([]);
    });
    await renderScreen(<NetworkPage />, { path: '/connect/network' });
    const box = screen.getByRole('region', { name: 'Requests sent' });
    await userEvent.click(
      await within(box).findByRole('button', { name: 'Withdraw the request to Baraka Otieno' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this request?' });
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Request to Baraka Otieno withdrawn.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'withdrawn' });
  });

  it('says why connections come without contact details while the address is not verified', async () => {
    signIn(AMINA);
    fakeApi((call) => {
      if (call.path.startsWith('/api/connect/connections'))
        return {
          body: {
            success: true,
            data: [
              {
                requestId: REQUEST.id,
                since: '2026-11-23T08:00:00.000Z',
                person: { ...REQUEST.from, email: '', phone: '' },
              },
            ],
            pageInfo: { page: 1, limit: 10, total: 1 },
            contactsNeedVerifiedEmail: true,
          },
        };
      return list([]);
    });
    await renderScreen(<NetworkPage />, { path: '/connect/network' });
    const connections = await screen.findByRole('region', { name: 'Connections' });
    expect(
      await within(connections).findByText(/Verify your e-mail address to receive your connections/),
    ).toBeInTheDocument();
    expect(within(connections).getByRole('link', { name: 'Verify it from your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(connections).queryByText('E-mail')).toBeNull();
  });

  it('asks a visitor to log in first', async () => {
    const calls = fakeApi(() => list([]));
    await renderScreen(<NetworkPage />, { path: '/connect/network' });
    expect(
      await screen.findByText('Log in to see your connection requests and connections.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
