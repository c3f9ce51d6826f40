import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, CONFIRMED, EVENT, resetSession, signIn } from '../../test/fixtures';
import EventPage from './EventPage';

jest.mock('@platform/router', () => {
  const actual = jest.requireActual('@platform/router');
  return { ...actual, useParams: () => ({ id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b' }) };
});

beforeEach(resetSession);

const eventAnswer = (over: Partial<typeof EVENT> = {}) => ({
  body: { success: true, data: { ...EVENT, ...over } },
});

describe("an event's page", () => {
  it('shows the event and its add-to-calendar file; a visitor who presses Register logs in first', async () => {
    fakeApi(() => eventAnswer());
    await renderScreen(<EventPage />, { path: `/event/${EVENT.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: EVENT.title })).toBeInTheDocument();
    expect(screen.getByText('Dr. Achieng Otieno')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download calendar file (.ics)' })).toHaveAttribute(
      'href',
      `/api/event/${EVENT.id}/ics`,
    );
    // Only a signed-in person has a private calendar address.
    expect(screen.queryByRole('button', { name: 'Create my calendar address' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(currentUrl()).toBe(`/login?next=${encodeURIComponent(`/event/${EVENT.id}?register=1`)}`);
  });

  it('offers to stop a calendar address only to a person who has one', async () => {
    signIn(AMINA);
    let exists = false;
    fakeApi(({ method, path }) => {
      if (path === '/api/event/calendar/token' && method === 'GET')
        return {
          body: { success: true, data: { exists, createdAt: exists ? '2026-11-01T08:00:00Z' : null } },
        };
      if (path === '/api/event/calendar/token' && method === 'POST') {
        exists = true;
        const data = { token: 'a'.repeat(32), path: `/api/event/calendar/${'a'.repeat(32)}.ics` };
        return { status: 201, body: { success: true, data } };
      }
      return eventAnswer();
    });
    await renderScreen(<EventPage />, { path: `/event/${EVENT.id}` });
    const create = await screen.findByRole('button', { name: 'Create my calendar address' });
    expect(screen.queryByRole('button', { name: 'Stop my calendar address' })).not.toBeInTheDocument();
    await userEvent.click(create);
    expect(await screen.findByRole('button', { name: 'Stop my calendar address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a new address' })).toBeInTheDocument();
  });

  it('shows a person whose address was made earlier "Create a new address" and "Stop"', async () => {
    signIn(AMINA);
    fakeApi(({ path }) =>
      path === '/api/event/calendar/token'
        ? { body: { success: true, data: { exists: true, createdAt: '2026-11-01T08:00:00Z' } } }
        : eventAnswer(),
    );
    await renderScreen(<EventPage />, { path: `/event/${EVENT.id}` });
    expect(await screen.findByRole('button', { name: 'Stop my calendar address' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create my calendar address' })).not.toBeInTheDocument();
  });

  it('asks once more on the way back from logging in, then registers', async () => {
    signIn(AMINA);
    let registered = false;
    const calls = fakeApi(({ method }) => {
      if (method === 'POST') {
        registered = true;
        return { status: 201, body: { success: true, data: CONFIRMED } };
      }
      return eventAnswer(registered ? { myRegistration: CONFIRMED, seatsLeft: 0, seatsTaken: 2 } : {});
    });
    await renderScreen(<EventPage />, { path: `/event/${EVENT.id}?register=1` });
    const ask = await screen.findByRole('dialog', { name: `Register for ${EVENT.title}?` });
    await userEvent.click(within(ask).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(`You are registered for ${EVENT.title}.`)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/event/${EVENT.id}/registrations`,
    ]);
    await waitFor(() => expect(currentUrl()).toBe(`/event/${EVENT.id}`));
    expect(await screen.findByText('0001-K7F39Q')).toBeInTheDocument();
  });

  it('shows a confirmed registrant the ticket (QR code and short code) and the online link; Cancel asks first', async () => {
    signIn(AMINA);
    let cancelled = false;
    const calls = fakeApi(({ method }) => {
      if (method === 'DELETE') {
        cancelled = true;
        return { body: { success: true, message: 'Your registration is cancelled.' } };
      }
      return eventAnswer(
        cancelled
          ? {
              myRegistration: { ...CONFIRMED, status: 'cancelled', ticket: undefined, ticketCode: undefined },
            }
          : { myRegistration: CONFIRMED, zoomLink: 'https://zoom.us/j/123' },
      );
    });
    await renderScreen(<EventPage />, { path: `/event/${EVENT.id}` });
    // The badge says Registered; the line beside it does not say it again.
    const line = (await screen.findByText('Show your ticket at the door.', { exact: false })).closest('p')!;
    expect(line).toHaveTextContent(/^Registered Show your ticket at the door\.$/);
    expect(
      await screen.findByRole('img', { name: `QR code of your ticket for ${EVENT.title}` }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(screen.getByText('0001-K7F39Q')).toBeInTheDocument();
    const online = screen.getByRole('link', { name: 'Join online (opens in a new tab)' });
    expect(online).toHaveAttribute('href', 'https://zoom.us/j/123');
    expect(online).toHaveAttribute('rel', 'noopener noreferrer');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel registration' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel your registration?' });
    expect(confirm).toHaveTextContent('goes to the first person on the waiting list');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel registration' }));
    expect(await screen.findByText('Your registration is cancelled.')).toBeInTheDocument();
    expect(
      calls.some((c) => c.method === 'DELETE' && c.path === `/api/event/${EVENT.id}/registrations/me`),
    ).toBe(true);
    expect(await screen.findByText('You cancelled your registration.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it('shows a checked-in attendee when, and the certificate; the used seat cannot be cancelled', async () => {
    signIn(AMINA);
    const year = Number(EVENT.date.slice(0, 4));
    fakeApi(({ path }) =>
      path.startsWith('/api/event/cpd/me')
        ? {
            body: {
              success: true,
              data: {
                year,
                total: 3,
                entries: [
                  {
                    certificateId: '7a3e1c2b-9d4f-4e5a-8b6c-1d2e3f4a5b6c',
                    eventId: EVENT.id,
                    eventTitle: EVENT.title,
                    eventDate: EVENT.date,
                    organizer: EVENT.postedBy,
                    points: 3,
                    issuedAt: '2026-11-24T06:42:00.000Z',
                  },
                ],
              },
            },
          }
        : eventAnswer({ myRegistration: { ...CONFIRMED, checkedInAt: '2026-11-24T06:42:00.000Z' } }),
    );
    await renderScreen(<EventPage />, { path: `/event/${EVENT.id}` });
    // On the event's clock (Nairobi), as the door staff saw it.
    expect(await screen.findByText('Checked in at 09:42.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download certificate (PDF)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check this certificate' })).toHaveAttribute(
      'href',
      '/event/certificates/7a3e1c2b-9d4f-4e5a-8b6c-1d2e3f4a5b6c',
    );
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
  });

  it('shows a waiting-list place, and a full event offers the waiting list', async () => {
    signIn(AMINA);
    fakeApi(() =>
      eventAnswer({
        seatsLeft: 0,
        seatsTaken: 2,
        waitlisted: 2,
        myRegistration: {
          ...CONFIRMED,
          status: 'waitlisted',
          position: 2,
          ticket: undefined,
          ticketCode: undefined,
        },
      }),
    );
    await renderScreen(<EventPage />, { path: `/event/${EVENT.id}` });
    expect(
      await screen.findByText('You are number 2 on the waiting list. You get a seat when one is freed.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Full — waiting list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the waiting list' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('marks a cancelled event, to those who may still see it, with nothing to register for', async () => {
    signIn(AMINA);
    fakeApi(() =>
      eventAnswer({ cancelled: true, cancelledAt: '2026-11-22T08:00:00.000Z', myRegistration: CONFIRMED }),
    );
    await renderScreen(<EventPage />, { path: `/event/${EVENT.id}` });
    expect(await screen.findByText('This event was cancelled on 22 Nov 2026.')).toBeInTheDocument();
    expect(screen.getByText('This event has been cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
  });

  it('says "Event not found" for an event that is not there', async () => {
    fakeApi(() => ({ status: 404, body: { success: false, code: 'events.event_not_found', message: 'x' } }));
    await renderScreen(<EventPage />, { path: `/event/${EVENT.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all events' })).toHaveAttribute('href', '/event');
  });
});
