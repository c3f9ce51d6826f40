import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { CLINIC, EVENT, page, resetSession, signIn } from '../../test/fixtures';
import ClinicEvents from './ClinicEvents';

beforeEach(() => {
  resetSession();
  signIn(CLINIC);
});

const mine = { ...EVENT, organizing: true, seatsTaken: 2, seatsLeft: 0, waitlisted: 1 };
const registrant = (
  id: string,
  name: string,
  status: 'confirmed' | 'waitlisted',
  position: number | null,
) => ({
  id,
  userId: `u-${id}`,
  name,
  designation: 'Nurse',
  status,
  position,
  registeredAt: '2026-11-21T08:00:00.000Z',
  checkedInAt: null,
});

describe("the clinic's Events widget", () => {
  it('toggles the form with "Create New Event" / "Hide Event Form"', async () => {
    fakeApi(() => page([]));
    await renderScreen(<ClinicEvents />);
    const toggle = await screen.findByRole('button', { name: 'Create New Event' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByText('You have no upcoming events. Create one above.')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide Event Form' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'New event' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide Event Form' }));
    expect(screen.queryByRole('region', { name: 'New event' })).not.toBeInTheDocument();
  });

  it("lists the organisation's events with their counts, the attendees and their CSV; cancelling asks first", async () => {
    let cancelled = false;
    const calls = fakeApi(({ path, method }) => {
      if (method === 'DELETE') {
        cancelled = true;
        return { body: { success: true, message: 'Event cancelled.' } };
      }
      if (path.startsWith(`/api/event/${EVENT.id}/registrations.csv`))
        return { body: new Blob(['\ufeffName']) };
      if (path.startsWith(`/api/event/${EVENT.id}/registrations`))
        return page([
          registrant('a', 'Amina Wanjiru', 'confirmed', null),
          registrant('b', 'Baraka Otieno', 'confirmed', null),
          registrant('c', 'Chebet Kiprop', 'waitlisted', 1),
        ]);
      return page(cancelled ? [{ ...mine, cancelled: true }] : [mine]);
    });
    URL.createObjectURL = jest.fn(() => 'blob:csv');
    URL.revokeObjectURL = jest.fn();
    await renderScreen(<ClinicEvents />);
    const card = await screen.findByRole('article', { name: EVENT.title });
    expect(card).toHaveTextContent('2 of 2 seats taken');
    expect(card).toHaveTextContent('1 on the waiting list');
    expect(screen.getByText('1 upcoming event')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Attendees' }));
    const attendees = within(card).getByRole('region', { name: `Attendees of ${EVENT.title}` });
    expect(await within(attendees).findByText('Chebet Kiprop')).toBeInTheDocument();
    expect(attendees).toHaveTextContent('Waiting list: number 1');
    await userEvent.click(within(attendees).getByRole('button', { name: 'Download attendee list (CSV)' }));
    expect(calls.some((c) => c.path === `/api/event/${EVENT.id}/registrations.csv`)).toBe(true);
    expect(URL.createObjectURL).toHaveBeenCalled();

    await userEvent.click(within(card).getByRole('button', { name: `Cancel event: ${EVENT.title}` }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel this event?' });
    expect(confirm).toHaveTextContent('Its 3 registrants keep it in their history, marked cancelled.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel the event' }));
    expect(await screen.findByText(`${EVENT.title} is cancelled.`)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/event/${EVENT.id}`)).toBe(true);
  });
});
