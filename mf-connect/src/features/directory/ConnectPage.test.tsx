import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { currentUrl, fakeApi, renderScreen, type ApiCall } from '@platform/ui/testing';
import {
  DISCUSSION,
  discussionPage,
  directoryPage,
  PERSON,
  resetSession,
  signIn,
  AMINA,
} from '../../test/fixtures';
import DiscussionsPage from '../discussions/DiscussionsPage';
import ConnectPage from './ConnectPage';

const paths = (calls: ApiCall[], prefix: string) =>
  calls.filter((c) => c.path.startsWith(prefix)).map((c) => c.path);

/** The service: the directory and the discussions, each answered by its own function. */
function service(
  directory: (call: ApiCall) => unknown = () => directoryPage([PERSON]),
  discussions: (call: ApiCall) => unknown = () => discussionPage([DISCUSSION]),
  other: (call: ApiCall) => { status?: number; body?: unknown } = () => ({ status: 404, body: {} }),
) {
  return fakeApi(async (call) => {
    if (call.method === 'GET' && call.path.startsWith('/api/connect/professionals'))
      return directory(call) as { body: unknown };
    if (call.method === 'GET' && call.path.startsWith('/api/discussion/get'))
      return discussions(call) as { body: unknown };
    return other(call);
  });
}

beforeEach(resetSession);

describe('Find Professionals', () => {
  it('keeps Search, Role, Facility, Location and Country in the address and asks the service for them', async () => {
    const calls = service();
    await renderScreen(<ConnectPage />, { path: '/connect' });
    expect(await screen.findByText('1 professional found')).toBeInTheDocument();

    const form = screen.getByRole('search', { name: 'Filter professionals' });
    await userEvent.type(within(form).getByLabelText('Search'), 'midwfery');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'Nurse');
    // Options are the server's facet counts over the whole result.
    expect(within(form).getByRole('option', { name: 'Kisumu (2)' })).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByLabelText('Location'), 'Nakuru');
    await userEvent.selectOptions(within(form).getByLabelText('Country'), 'Kenya');
    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));

    expect(currentUrl()).toBe('/connect?search=midwfery&profession=Nurse&location=Nakuru&country=Kenya');
    await waitFor(() =>
      expect(paths(calls, '/api/connect/professionals')).toContain(
        '/api/connect/professionals?search=midwfery&profession=Nurse&location=Nakuru&country=Kenya&limit=12',
      ),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Clear filters' }));
    expect(currentUrl()).toBe('/connect');
  });

  it("shows a card's initial, name, designation, place, description cut at 100 characters and skills; contact details only when given", async () => {
    const shown = {
      ...PERSON,
      id: 'p2',
      _id: 'p2',
      name: 'Chebet Kiprop',
      email: 'chebet@example.org',
      phone: '+254 700 000 111',
      description: 'Short.',
    };
    service(() => directoryPage([PERSON, shown]));
    await renderScreen(<ConnectPage />, { path: '/connect' });
    const card = (await screen.findByRole('heading', { name: 'Baraka Otieno' })).closest('article')!;
    expect(card).toHaveTextContent('B');
    expect(card).toHaveTextContent('Registered Nurse');
    expect(card).toHaveTextContent('Nakuru');
    expect(card).toHaveTextContent(`${PERSON.description.slice(0, 100).trimEnd()}…`);
    expect(card).not.toHaveTextContent(PERSON.description);
    expect(within(card).getByRole('list', { name: 'Skills' })).toHaveTextContent('MidwiferyNeonatal care');
    expect(within(card).queryByText('E-mail')).not.toBeInTheDocument();
    expect(within(card).queryByText('Phone')).not.toBeInTheDocument();

    const other = screen.getByRole('heading', { name: 'Chebet Kiprop' }).closest('article')!;
    expect(within(other).getByRole('link', { name: 'chebet@example.org' })).toHaveAttribute(
      'href',
      'mailto:chebet@example.org',
    );
    expect(within(other).getByRole('link', { name: '+254 700 000 111' })).toHaveAttribute(
      'href',
      'tel:+254700000111',
    );
  });

  it('sends a visitor who presses Connect through login and back to the same list', async () => {
    service();
    await renderScreen(<ConnectPage />, { path: '/connect?search=nurse' });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect with Baraka Otieno' }));
    expect(currentUrl()).toBe(`/login?next=${encodeURIComponent('/connect?search=nurse')}`);
  });

  it('sends a request by id and then shows Pending; Connected for a connection', async () => {
    signIn(AMINA);
    let state: 'none' | 'outgoing' = 'none';
    const calls = service(
      () =>
        directoryPage([
          { ...PERSON, connection: state },
          { ...PERSON, id: 'p3', _id: 'p3', name: 'Daudi Mwangi', connection: 'connected', requestId: 'q' },
        ]),
      undefined,
      (call) => {
        if (call.method === 'POST' && call.path === '/api/connect/requests') {
          state = 'outgoing';
          return { status: 201, body: { success: true, data: {} } };
        }
        return { status: 404 };
      },
    );
    await renderScreen(<ConnectPage />, { path: '/connect' });
    const daudi = (await screen.findByRole('heading', { name: 'Daudi Mwangi' })).closest('article')!;
    expect(within(daudi).getByText('Connected')).toBeInTheDocument();
    expect(within(daudi).queryByRole('button', { name: /Connect/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Connect with Baraka Otieno' }));
    expect(await screen.findByText('Connection request sent successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: PERSON.id });
    const baraka = screen.getByRole('heading', { name: 'Baraka Otieno' }).closest('article')!;
    expect(await within(baraka).findByText('Pending')).toBeInTheDocument();
  });

  it("shows the server's reason when a request is refused", async () => {
    signIn(AMINA);
    service(undefined, undefined, () => ({
      status: 409,
      body: { success: false, message: 'exists', code: 'connect.request_exists' },
    }));
    await renderScreen(<ConnectPage />, { path: '/connect' });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect with Baraka Otieno' }));
    expect(
      await screen.findByText('There is already a request between you and this person.'),
    ).toBeInTheDocument();
  });

  it("shows a spinner, then the spec's empty text", async () => {
    let answer!: (value: unknown) => void;
    service(() => new Promise((resolve) => (answer = resolve)));
    await renderScreen(<ConnectPage />, { path: '/connect?profession=Doctor' });
    expect(await screen.findByText('Loading professionals...')).toBeInTheDocument();
    answer(directoryPage([]));
    expect(await screen.findByText('0 professionals found')).toBeInTheDocument();
    expect(
      screen.getByText('No professionals match your filters. Try adjusting your search criteria.'),
    ).toBeInTheDocument();
  });

  it('shows why the directory could not load, with a retry', async () => {
    let fail = true;
    service(() =>
      fail
        ? { status: 500, body: { success: false, message: 'Database unavailable' } }
        : directoryPage([PERSON]),
    );
    await renderScreen(<ConnectPage />, { path: '/connect' });
    expect(await screen.findByText(/Database unavailable/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByText('1 professional found')).toBeInTheDocument();
  });
});

describe('Connect on a phone: two tabs, one address each', () => {
  it('shows Find Professionals on /connect, its tab marked current, and no discussions there', async () => {
    const calls = service();
    await renderScreen(<ConnectPage />, { path: '/connect' });
    const tabs = screen.getByRole('navigation', { name: 'Connect sections' });
    expect(within(tabs).getByRole('link', { name: 'Find Professionals' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Discussions' })).toHaveAttribute(
      'href',
      '/connect/discussions',
    );
    expect(await screen.findByText('1 professional found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Community Discussions' })).not.toBeInTheDocument();
    expect(paths(calls, '/api/discussion/get')).toEqual([]);
  });

  it('shows the discussions on their own tab with a button that says it starts one', async () => {
    const calls = service();
    await renderScreen(<DiscussionsPage />, { path: '/connect/discussions' });
    const tabs = screen.getByRole('navigation', { name: 'Connect sections' });
    expect(within(tabs).getByRole('link', { name: 'Discussions' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('link', { name: DISCUSSION.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a discussion' })).toBeInTheDocument();
    expect(paths(calls, '/api/connect/professionals')).toEqual([]);
  });

  it('offers a visitor the way in where a member sees My network, so the tabs stay put once signed in', async () => {
    service();
    await renderScreen(<ConnectPage />, { path: '/connect' });
    expect(screen.getByRole('link', { name: 'Log in to connect' })).toHaveAttribute(
      'href',
      '/login?next=%2Fconnect%2Fnetwork',
    );
    act(() => signIn(AMINA));
    expect(screen.getByRole('link', { name: 'My network' })).toHaveAttribute('href', '/connect/network');
    expect(screen.queryByRole('link', { name: 'Log in to connect' })).not.toBeInTheDocument();
    await act(() => i18next.changeLanguage('fr'));
    expect(screen.getByRole('link', { name: 'Mon réseau' })).toBeInTheDocument();
    await act(() => i18next.changeLanguage('en'));
  });

  it('takes an older link to a discussion search on /connect to the Discussions tab', async () => {
    service();
    await renderScreen(<ConnectPage />, { path: '/connect?q=oxygen&category=Research' });
    await waitFor(() => expect(currentUrl()).toBe('/connect/discussions?q=oxygen&category=Research'));
  });

  it('says it in Kiswahili', async () => {
    service();
    await renderScreen(<DiscussionsPage />, { path: '/connect/discussions' });
    await act(() => i18next.changeLanguage('sw'));
    expect(screen.getByRole('link', { name: 'Tafuta wataalamu' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Anzisha majadiliano' })).toBeInTheDocument();
  });
});

describe('Community Discussions', () => {
  it("lists each discussion's title, author, category, visibility unless Public, date, country and a 150-character preview", async () => {
    const long = 'word '.repeat(60);
    const internal = {
      ...DISCUSSION,
      id: 'd2',
      _id: 'd2',
      title: 'Night shift rota',
      visibility: 'Clinic Internal' as const,
      contentHtml: `<p>${long}</p>`,
    };
    service(undefined, () => discussionPage([DISCUSSION, internal]));
    await renderScreen(<DiscussionsPage />, { path: '/connect/discussions' });
    const item = (await screen.findByRole('link', { name: DISCUSSION.title })).closest('article')!;
    expect(within(item).getByRole('link')).toHaveAttribute('href', `/connect/discussions/${DISCUSSION.id}`);
    expect(item).toHaveTextContent('Baraka Otieno');
    expect(item).toHaveTextContent('Medical supply chain');
    expect(item).not.toHaveTextContent('Public');
    expect(item).toHaveTextContent('20 Nov 2026');
    expect(item).toHaveTextContent('Kenya');
    // The preview is the text of the server's HTML, never its tags.
    expect(item).toHaveTextContent('Who services oxygen concentrators?');
    const other = screen.getByRole('link', { name: 'Night shift rota' }).closest('article')!;
    expect(other).toHaveTextContent('Clinic internal');
    expect(other).toHaveTextContent(`${long.trim().slice(0, 150).trimEnd()}…`);
  });

  it("filters by a category chip and searches, in the address; says the spec's text when there are none", async () => {
    const calls = service(undefined, () => discussionPage([]));
    await renderScreen(<DiscussionsPage />, { path: '/connect/discussions' });
    expect(await screen.findByText('No discussions yet. Start the conversation!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Research' }));
    expect(currentUrl()).toBe('/connect/discussions?category=Research');
    expect(screen.getByRole('button', { name: 'Research' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(screen.getByLabelText('Search discussions', { selector: 'input' }), 'oxygen');
    await userEvent.click(
      within(screen.getByRole('search', { name: 'Search discussions' })).getByRole('button', {
        name: 'Search',
      }),
    );
    expect(currentUrl()).toBe('/connect/discussions?q=oxygen&category=Research');
    await waitFor(() =>
      expect(paths(calls, '/api/discussion/get')).toContain(
        '/api/discussion/get?search=oxygen&category=Research&limit=10',
      ),
    );
  });

  it("posts a new discussion from the 'Start a New Discussion' dialog; fields are required and the server's error shows at its field", async () => {
    signIn(AMINA);
    let tries = 0;
    const calls = service(undefined, undefined, (call) => {
      if (call.method !== 'POST') return { status: 404 };
      tries += 1;
      return tries === 1
        ? {
            status: 422,
            body: { success: false, message: 'no org', code: 'connect.no_organisation' },
          }
        : { status: 201, body: { success: true, data: { ...DISCUSSION, id: 'new-id' } } };
    });
    await renderScreen(<DiscussionsPage />, { path: '/connect/discussions' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start a discussion' }));
    const dialog = screen.getByRole('dialog', { name: 'Start a New Discussion' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Discussion' }));
    expect(within(dialog).getByLabelText('Title')).toHaveAccessibleDescription('This field is required.');
    expect(within(dialog).getByLabelText('Content')).toHaveAttribute('rows', '6');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Night shift rota');
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'Administrative');
    await userEvent.selectOptions(within(dialog).getByLabelText('Visibility'), 'Role-Based');
    // Says what the audience rests on: a licence verified in Core HR, not a typed job title.
    expect(within(dialog).getByLabelText('Visibility')).toHaveAccessibleDescription(
      expect.stringContaining('licence for a chosen profession was verified in Core HR'),
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Visibility'), 'Clinic Internal');
    await userEvent.type(within(dialog).getByLabelText('Content'), 'Who covers **Friday**?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Discussion' }));
    expect(await within(dialog).findByText(/your account belongs to none/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Visibility')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(within(dialog).getByLabelText('Visibility'), 'Role-Based');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Nurse' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Discussion' }));
    await waitFor(() => expect(currentUrl()).toBe('/connect/discussions/new-id'));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      title: 'Night shift rota',
      category: 'Administrative',
      visibility: 'Role-Based',
      roles: ['Nurse'],
      content: 'Who covers **Friday**?',
    });
  });
});
