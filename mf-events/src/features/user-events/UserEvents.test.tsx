import { screen, within } from '@testing-library/react';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, CONFIRMED, EVENT, page, resetSession, signIn } from '../../test/fixtures';
import UserEvents from './UserEvents';

beforeEach(() => {
  resetSession();
  signIn(AMINA);
});

const waitlisted = {
  ...EVENT,
  id: 'e-2',
  _id: 'e-2',
  title: 'Triage workshop',
  myRegistration: {
    ...CONFIRMED,
    status: 'waitlisted' as const,
    position: 3,
    ticket: undefined,
    ticketCode: undefined,
  },
};

describe("the professional's Events widget", () => {
  it('lists upcoming events with waiting-list places, and CPD points against the yearly target with the certificates', async () => {
    const year = new Date().getFullYear();
    fakeApi(({ path }) => {
      if (path.startsWith('/api/event/registrations/me?when=upcoming'))
        return page([{ ...EVENT, myRegistration: CONFIRMED }, waitlisted]);
      if (path.startsWith('/api/event/registrations/me?when=past')) return page([]);
      if (path === `/api/event/cpd/me?year=${year}`)
        return {
          body: {
            success: true,
            data: {
              year,
              total: 12,
              entries: [
                {
                  certificateId: '7a3e1c2b-9d4f-4e5a-8b6c-1d2e3f4a5b6c',
                  eventId: 'e-0',
                  eventTitle: 'Malaria case management',
                  eventDate: `${year}-03-14`,
                  organizer: 'Kisumu County Hospital',
                  points: 12,
                  issuedAt: `${year}-03-14T09:00:00.000Z`,
                },
              ],
            },
          },
        };
      return {};
    });
    await renderScreen(<UserEvents />, { path: '/userdashboard' });
    const upcoming = await screen.findByRole('region', { name: 'My upcoming events' });
    expect(await within(upcoming).findByRole('link', { name: EVENT.title })).toHaveAttribute(
      'href',
      `/event/${EVENT.id}`,
    );
    expect(within(upcoming).getByRole('article', { name: EVENT.title })).toHaveTextContent('Registered');
    expect(within(upcoming).getByRole('article', { name: 'Triage workshop' })).toHaveTextContent(
      'Waiting list: number 3',
    );

    const cpd = screen.getByRole('region', { name: `CPD points ${year}` });
    expect(await within(cpd).findByText('12 points')).toBeInTheDocument();
    expect(cpd).toHaveTextContent('of 50 this year');
    expect(within(cpd).getByRole('progressbar')).toHaveAttribute('value', '12');
    expect(cpd).toHaveTextContent('38 more points to reach the target.');
    const certificate = within(cpd).getByRole('article', { name: 'Malaria case management' });
    expect(
      within(certificate).getByRole('button', {
        name: 'Download certificate (PDF): Malaria case management',
      }),
    ).toBeInTheDocument();
    expect(within(certificate).getByRole('link', { name: 'Check this certificate' })).toHaveAttribute(
      'href',
      '/event/certificates/7a3e1c2b-9d4f-4e5a-8b6c-1d2e3f4a5b6c',
    );
    // No past events: no such section.
    expect(screen.queryByRole('region', { name: 'Past events' })).not.toBeInTheDocument();
  });
});
