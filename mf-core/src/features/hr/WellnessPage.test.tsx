import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import WellnessPage from './WellnessPage';
import { PulseSurveys } from './PulseSurveys';

beforeEach(resetSession);
afterEach(async () => {
  window.innerWidth = 1024;
  await act(async () => useLanguage.getState().setLanguage('en'));
});

const CLINIC = { ...AMINA, role: 'Clinic' as const, name: 'Kisumu Family Clinic' };
const WARD = '7b0c1f7e-2222-4a3b-9c1d-000000000001';
const THEATRE = '7b0c1f7e-2222-4a3b-9c1d-000000000002';
const SURVEY = '7b0c1f7e-9999-4a3b-9c1d-000000000001';
const page = (data: unknown[]) => ({
  success: true,
  data,
  pageInfo: { page: 1, limit: 20, total: data.length },
});
const base = {
  id: SURVEY,
  title: 'March pulse',
  questions: ['workload', 'burnout', 'safety'],
  departments: [
    { id: WARD, name: 'Maternity ward' },
    { id: THEATRE, name: 'Theatre' },
  ],
  closesOn: '2026-03-20',
  sentAt: '2026-03-02T06:00:00.000Z',
  invited: 9,
  answered: 6,
  answeredByMe: false,
  canAnswer: false,
};
const question = (q: string, mean: number, distribution: number[]) => ({
  question: q,
  count: distribution.reduce((a, b) => a + b, 0),
  mean,
  distribution,
});

describe('/hr/wellness', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr/wellness');
  });

  it('lets HR make a survey for departments, send it, and read the results with what is withheld', async () => {
    useSession.getState().signIn('token', CLINIC);
    let status = 'draft';
    const calls = fakeApi(({ method, path }) => {
      if (path.startsWith('/api/core/places'))
        return {
          body: {
            success: true,
            data: {
              locations: [],
              departments: [
                { id: WARD, name: 'Maternity ward' },
                { id: THEATRE, name: 'Theatre' },
              ],
            },
          },
        };
      if (method === 'GET' && path.startsWith('/api/core/wellness/surveys?'))
        return { body: page([{ ...base, status }]) };
      if (method === 'POST' && path === '/api/core/wellness/surveys')
        return { status: 201, body: { success: true, data: { ...base, status } } };
      if (method === 'POST' && path === `/api/core/wellness/surveys/${SURVEY}/send`) {
        status = 'closed';
        return { body: { success: true, data: { ...base, status } } };
      }
      if (path === `/api/core/wellness/surveys/${SURVEY}/results`)
        return {
          body: {
            success: true,
            data: {
              surveyId: SURVEY,
              status: 'closed',
              invited: 9,
              threshold: 5,
              overall: {
                answered: 6,
                withheld: null,
                questions: [
                  question('workload', 2.5, [1, 2, 2, 1, 0]),
                  question('burnout', 3, [0, 1, 4, 1, 0]),
                  question('safety', 4.17, [0, 0, 1, 3, 2]),
                ],
                comments: ['Too few nurses at night'],
              },
              departments: [
                { id: WARD, name: 'Maternity ward', answered: 5, withheld: 'complement', questions: null },
                { id: THEATRE, name: 'Theatre', answered: 1, withheld: 'too-few', questions: null },
              ],
            },
          },
        };
      return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
    });
    await renderScreen(<WellnessPage />, { path: '/hr/wellness' });

    const form = await screen.findByRole('region', { name: 'New survey' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create survey' }));
    expect(within(form).getByLabelText(/^Title/)).toHaveAccessibleDescription(
      'Give the survey a title (at least 3 characters).',
    );
    expect(within(form).getByRole('group', { name: 'Send to the departments' })).toHaveAccessibleDescription(
      'Choose at least one department.',
    );
    await userEvent.type(within(form).getByLabelText(/^Title/), 'March pulse');
    await userEvent.click(within(form).getByLabelText(/How safe do you feel/));
    await userEvent.click(await within(form).findByLabelText('Maternity ward'));
    await userEvent.click(within(form).getByLabelText('Theatre'));
    await userEvent.type(within(form).getByLabelText(/^Last day to answer/), '2026-03-20');
    await userEvent.click(within(form).getByRole('button', { name: 'Create survey' }));
    expect(await within(form).findByText('Survey created: send it when ready.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'March pulse',
      questions: ['workload', 'burnout'],
      departmentIds: [WARD, THEATRE],
      closesOn: '2026-03-20',
    });

    const list = screen.getByRole('region', { name: 'Surveys' });
    await userEvent.click(await within(list).findByRole('button', { name: 'Send March pulse' }));
    await userEvent.click(await within(list).findByRole('button', { name: 'Results of March pulse' }));
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(await within(results).findByText(/6 of 9 answered/)).toBeInTheDocument();
    const table = within(results).getAllByRole('table', { name: /Answers by question/ })[0]!;
    expect(within(table).getByRole('row', { name: /Safety/ })).toHaveTextContent('Safety4.1700132');
    expect(within(results).getByText('Too few nurses at night')).toBeInTheDocument();
    const theatre = within(results).getByRole('region', { name: 'Theatre' });
    expect(theatre).toHaveTextContent('Results are withheld: only 1 answered, fewer than 5.');
    expect(within(results).getByRole('region', { name: 'Maternity ward' })).toHaveTextContent(
      /would give away a smaller department/,
    );
    expect(within(theatre).queryByRole('table')).not.toBeInTheDocument();
  });

  it('tells a member that HR sends them, with nothing to make', async () => {
    useSession.getState().signIn('token', AMINA);
    fakeApi(({ path }) =>
      path === '/api/core/staff/me'
        ? { body: { success: true, data: { id: 's', role: 'staff', credentials: [], cpdPoints: 0 } } }
        : { status: 403, body: { success: false, message: 'no', code: 'request.forbidden' } },
    );
    await renderScreen(<WellnessPage />, { path: '/hr/wellness' });
    expect(await screen.findByText(/HR sends the surveys/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New survey' })).not.toBeInTheDocument();
  });
});

describe('the wellness survey on the dashboard', () => {
  it('asks each question on a 1–5 scale at 360 px in Kiswahili, sends the answer once, then thanks', async () => {
    window.innerWidth = 360;
    useSession.getState().signIn('token', AMINA);
    let answered = false;
    const calls = fakeApi(({ method, path }) => {
      if (method === 'GET' && path.startsWith('/api/core/wellness/surveys?'))
        return {
          body: page([
            { ...base, status: 'open', answered: null, answeredByMe: answered, canAnswer: !answered },
          ]),
        };
      if (method === 'POST' && path === `/api/core/wellness/surveys/${SURVEY}/answers`) {
        answered = true;
        return { status: 201, body: { success: true, data: { answeredByMe: true } } };
      }
      return { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };
    });
    await renderScreen(<PulseSurveys />, { path: '/userdashboard' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const card = await screen.findByRole('region', { name: 'Utafiti wa ustawi' });
    const form = within(card).getByRole('form', { name: 'March pulse' });
    await userEvent.click(within(form).getByRole('button', { name: 'Tuma jibu langu' }));
    const safety = within(form).getByRole('group', { name: /Unajihisi salama/ });
    expect(safety).toHaveAccessibleDescription('Chagua jibu moja kutoka 1 hadi 5.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(
      within(within(form).getByRole('group', { name: /Mzigo wako wa kazi/ })).getByLabelText('2'),
    );
    await userEvent.click(
      within(within(form).getByRole('group', { name: /umechoka sana/ })).getByLabelText('1: Wakati wote'),
    );
    await userEvent.click(within(safety).getByLabelText('5: Salama kabisa'));
    await userEvent.type(within(form).getByLabelText(/^Maoni/), '  Wauguzi wachache usiku ');
    await userEvent.click(within(form).getByRole('button', { name: 'Tuma jibu langu' }));
    expect(await within(card).findByText('Asante: jibu lako limepokelewa.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { ratings: { workload: 2, burnout: 1, safety: 5 }, comment: 'Wauguzi wachache usiku' },
    ]);
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows nothing when there is no survey to answer', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeApi(() => ({ body: page([{ ...base, status: 'open', canAnswer: false }]) }));
    await renderScreen(<PulseSurveys />, { path: '/userdashboard' });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.path.startsWith('/api/core/wellness/surveys'))).toBe(true);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
