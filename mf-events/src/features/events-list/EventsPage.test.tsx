import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, fakeApi, renderScreen } from '@platform/ui/testing';
import { EVENT, page, resetSession } from '../../test/fixtures';
import EventsPage from './EventsPage';

const listCalls = (calls: Array<{ path: string }>) =>
  calls.filter((c) => c.path.startsWith('/api/event/get')).map((c) => c.path);
const width = (px: number) => Object.defineProperty(window, 'innerWidth', { value: px, configurable: true });

beforeEach(resetSession);
afterEach(() => width(1024));

describe('the events list', () => {
  it('puts the filters in the address and asks the service for exactly them', async () => {
    const calls = fakeApi(() => page([EVENT]));
    await renderScreen(<EventsPage />, { path: '/event' });
    expect(await screen.findByText('1 event found')).toBeInTheDocument();

    const search = screen.getByRole('search');
    await userEvent.type(within(search).getByLabelText('Keyword'), 'neonatal');
    await userEvent.selectOptions(within(search).getByLabelText('Category'), 'Workshop');
    // The spec's filter topics, beside the form's types.
    await userEvent.selectOptions(within(search).getByLabelText('Topic'), 'Licensing exam prep');
    await userEvent.type(within(search).getByLabelText('Upcoming after'), '2026-12-01');
    await userEvent.selectOptions(within(search).getByLabelText('Region'), 'Uganda');
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));

    expect(currentUrl()).toBe(
      '/event?search=neonatal&category=Workshop&topic=Licensing+Exam+Prep&after=2026-12-01&region=Uganda',
    );
    await waitFor(() =>
      expect(listCalls(calls)).toEqual([
        // What the gateway preloads for a bare /event (svc-events/module.json firstData).
        '/api/event/get?limit=10',
        '/api/event/get?search=neonatal&category=Workshop&topic=Licensing+Exam+Prep&after=2026-12-01&region=Uganda&limit=10',
      ]),
    );
    await userEvent.click(within(search).getByRole('button', { name: 'Clear filters' }));
    expect(currentUrl()).toBe('/event');
  });

  it('reads a shared address back into the form, and pages like the job board', async () => {
    const calls = fakeApi(() => page([EVENT], 25));
    await renderScreen(<EventsPage />, { path: '/event?region=Online&search=triage' });
    expect(await screen.findByText('25 events found')).toBeInTheDocument();
    expect(screen.getByLabelText('Keyword')).toHaveValue('triage');
    expect(screen.getByLabelText('Region')).toHaveValue('Online');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentUrl()).toBe('/event?search=triage&region=Online&page=2');
    await waitFor(() =>
      expect(listCalls(calls)).toContain('/api/event/get?search=triage&region=Online&page=2&limit=10'),
    );
  });

  it("shows each card's facts: date in the viewer's zone, named; place; category; CPD; seats or the waiting list", async () => {
    const full = {
      ...EVENT,
      id: 'e-full',
      _id: 'e-full',
      title: 'Full house',
      seatsLeft: 0,
      seatsTaken: 2,
      topic: 'NHIF/Nursing Council Briefings' as const,
    };
    fakeApi(() => page([EVENT, full]));
    await renderScreen(<EventsPage />, { path: '/event' });
    const card = (await screen.findByRole('link', { name: EVENT.title })).closest('article')!;
    expect(within(card).getByRole('link', { name: EVENT.title })).toHaveAttribute(
      'href',
      `/event/${EVENT.id}`,
    );
    const when = within(card).getByText((_, el) => el?.tagName === 'TIME');
    expect(when).toHaveAttribute('datetime', EVENT.startsAt);
    // The viewer's zone is named (jsdom's is the machine's, e.g. "Coordinated Universal Time").
    expect(when.textContent).toMatch(/\d{2}:\d{2}.*[A-Za-z]{3,}/);
    expect(card).toHaveTextContent('Nakuru Level 5 Hospital, Kenya');
    expect(card).toHaveTextContent('Training');
    expect(card).toHaveTextContent('3 CPD points');
    expect(card).toHaveTextContent('1 seat left');
    const other = screen.getByRole('link', { name: 'Full house' }).closest('article')!;
    expect(other).toHaveTextContent('Full — waiting list');
    // Its topic beside its type; the first has none.
    expect(other).toHaveTextContent('NHIF and Nursing Council briefings');
    expect(card).not.toHaveTextContent('briefings');
  });

  it('shows a spinner while loading, and says so when nothing matches', async () => {
    let answer!: (value: ReturnType<typeof page>) => void;
    fakeApi(() => new Promise((resolve) => (answer = resolve)));
    await renderScreen(<EventsPage />, { path: '/event?category=Conference' });
    expect(await screen.findByText('Loading events...')).toBeInTheDocument();
    answer(page([]));
    expect(await screen.findByText('0 events found')).toBeInTheDocument();
    expect(screen.getByText(/No events match these filters yet/)).toBeInTheDocument();
  });

  it('folds the filters behind "Filters (n)" on a phone', async () => {
    width(360);
    fakeApi(() => page([EVENT]));
    await renderScreen(<EventsPage />, { path: '/event?category=Training&region=Kenya' });
    expect(await screen.findByRole('link', { name: EVENT.title })).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByRole('search')).toBeVisible();
  });
});
