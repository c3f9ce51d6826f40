import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import WorkflowsPage from './WorkflowsPage';

beforeEach(resetSession);
afterEach(async () => {
  window.innerWidth = 1024;
  await act(async () => useLanguage.getState().setLanguage('en'));
});

const CLINIC = { ...AMINA, role: 'Clinic' as const, name: 'Kisumu Family Clinic' };
const WARD = '7b0c1f7e-2222-4a3b-9c1d-000000000001';
const ONBOARDING = '7b0c1f7e-3333-4a3b-9c1d-000000000001';
const TASK = '7b0c1f7e-4444-4a3b-9c1d-000000000001';
const onboarding = {
  id: ONBOARDING,
  name: 'Onboarding checklist',
  preset: 'onboarding',
  trigger: 'person-joined',
  conditions: {},
  actions: [
    {
      kind: 'checklist',
      assignee: 'hr',
      tasks: [
        { title: 'Collect IDs', dueInDays: 3 },
        { title: 'Verify the licence', dueInDays: 3 },
      ],
    },
    { kind: 'notify', to: 'manager' },
  ],
  active: false,
  activatedAt: null,
  createdAt: '2026-03-02T06:00:00.000Z',
  updatedAt: '2026-03-02T06:00:00.000Z',
};
const page = (data: unknown[], extra: object = {}) => ({
  success: true,
  data,
  pageInfo: { page: 1, limit: 20, total: data.length },
  ...extra,
});
const notFound = { status: 404, body: { success: false, message: 'x', code: 'request.not_found' } };

describe('/hr/workflows', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr/workflows');
  });

  it('lets HR turn the onboarding checklist on, read its run log, make a workflow and edit one', async () => {
    useSession.getState().signIn('token', CLINIC);
    let active = false;
    const calls = fakeApi(({ method, path }) => {
      if (path.startsWith('/api/core/places'))
        return {
          body: {
            success: true,
            data: { locations: [], departments: [{ id: WARD, name: 'Maternity ward' }] },
          },
        };
      if (path.startsWith('/api/core/policies')) return { body: page([]) };
      if (path.startsWith('/api/core/workflows/tasks/mine')) return { body: page([]) };
      if (method === 'GET' && path.startsWith('/api/core/workflows?'))
        return { body: page([{ ...onboarding, active }], { limit: 2, active: active ? 1 : 0 }) };
      if (method === 'PATCH' && path === `/api/core/workflows/${ONBOARDING}`) {
        active = true;
        return { body: { success: true, data: { ...onboarding, active } } };
      }
      if (path.startsWith(`/api/core/workflows/${ONBOARDING}/runs`))
        return {
          body: page([
            {
              id: '7b0c1f7e-5555-4a3b-9c1d-000000000001',
              workflowId: ONBOARDING,
              trigger: 'person-joined',
              subjectId: WARD,
              occurrence: '',
              staffId: WARD,
              staffName: 'Faith Mutua',
              ranAt: '2026-03-02T06:00:00.000Z',
              results: [
                { kind: 'checklist', status: 'ok', detail: '2 tasks each for 2 people' },
                {
                  kind: 'notify',
                  status: 'failed',
                  detail: 'Nobody holds the role “manager” for this person.',
                },
              ],
            },
          ]),
        };
      if (method === 'POST' && path === '/api/core/workflows')
        return { status: 201, body: { success: true, data: { ...onboarding, id: WARD, preset: null } } };
      return notFound;
    });
    await renderScreen(<WorkflowsPage />, { path: '/hr/workflows' });

    const list = await screen.findByRole('region', { name: 'Your workflows' });
    expect(await within(list).findByText("0 of 2 workflows on (your plan's limit)")).toBeInTheDocument();
    expect(within(list).getByText('A checklist of 2 tasks for HR')).toBeInTheDocument();
    expect(within(list).getByText('Tell their manager')).toBeInTheDocument();
    const toggle = within(list).getByRole('button', { name: 'Turn Onboarding checklist on or off' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(await within(list).findByText("1 of 2 workflows on (your plan's limit)")).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: true });
    await userEvent.click(within(list).getByRole('button', { name: 'Run log of Onboarding checklist' }));
    const log = await screen.findByRole('region', { name: 'Run log: Onboarding checklist' });
    expect(await within(log).findByText(/Faith Mutua/)).toBeInTheDocument();
    // A run logged before the results had codes: its English detail, as it was.
    expect(within(log).getByText('Checklist: done (2 tasks each for 2 people)')).toBeInTheDocument();
    expect(within(log).getByText(/Notice: failed \(Nobody holds the role/)).toBeInTheDocument();

    // A new workflow: checked before sending, then sent as the service's body.
    const form = screen.getByRole('region', { name: 'New workflow' });
    await userEvent.click(within(form).getByRole('button', { name: 'Make the workflow' }));
    expect(within(form).getByLabelText(/^Name/)).toHaveAccessibleDescription('Give the workflow a name.');
    expect(within(form).getByRole('group', { name: 'What it does' })).toHaveAccessibleDescription(
      /at least one task/,
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Ward leave cover');
    await userEvent.selectOptions(within(form).getByLabelText('When'), 'leave-approved');
    await userEvent.click(await within(form).findByLabelText('Maternity ward'));
    await userEvent.click(within(form).getByLabelText('Nurse'));
    await userEvent.selectOptions(
      within(form).getByLabelText('Action 1: assign the checklist to'),
      'manager',
    );
    await userEvent.type(within(form).getByLabelText('Action 1, task 1'), 'Cover the shifts');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a task to action 1' }));
    await userEvent.type(within(form).getByLabelText('Action 1, task 2'), 'Update the roster');
    const due = within(form).getByLabelText('Action 1, task 2: due in (days)');
    await userEvent.clear(due);
    await userEvent.type(due, '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a notice' }));
    expect(within(form).getByRole('group', { name: 'Action 2: Notice' })).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByLabelText('Action 2: tell'), 'person');
    await userEvent.click(within(form).getByRole('button', { name: 'Make the workflow' }));
    expect(await within(form).findByText('Workflow made. Turn it on from the list.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Ward leave cover',
      trigger: 'leave-approved',
      conditions: { departmentIds: [WARD], professions: ['Nurse'] },
      actions: [
        {
          kind: 'checklist',
          assignee: 'manager',
          tasks: [
            { title: 'Cover the shifts', dueInDays: 3 },
            { title: 'Update the roster', dueInDays: 1 },
          ],
        },
        { kind: 'notify', to: 'person' },
      ],
    });

    // Editing the onboarding checklist: its actions loaded, one removed, a task renamed, saved.
    await userEvent.click(within(list).getByRole('button', { name: 'Edit Onboarding checklist' }));
    const editor = await screen.findByRole('region', { name: 'Edit Onboarding checklist' });
    expect(within(editor).getByLabelText('Action 1, task 2')).toHaveValue('Verify the licence');
    await userEvent.click(within(editor).getByRole('button', { name: 'Remove action 2' }));
    await userEvent.clear(within(editor).getByLabelText('Action 1, task 1'));
    await userEvent.type(within(editor).getByLabelText('Action 1, task 1'), 'Collect national ID');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save changes' }));
    expect(await within(editor).findByText('Changes saved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)[1]).toEqual({
      name: 'Onboarding checklist',
      trigger: 'person-joined',
      conditions: {},
      actions: [
        {
          kind: 'checklist',
          assignee: 'hr',
          tasks: [
            { title: 'Collect national ID', dueInDays: 3 },
            { title: 'Verify the licence', dueInDays: 3 },
          ],
        },
      ],
    });
    await userEvent.click(within(editor).getByRole('button', { name: 'Done editing' }));
    expect(screen.getByRole('region', { name: 'New workflow' })).toBeInTheDocument();
  });

  it('adds a contract action (a template, the salary checked) and says each run’s results in French, old ones as logged', async () => {
    useSession.getState().signIn('token', CLINIC);
    const TEMPLATE = '7b0c1f7e-6666-4a3b-9c1d-000000000001';
    const CONTRACT = '7b0c1f7e-7777-4a3b-9c1d-000000000001';
    const contractAction = {
      kind: 'contract',
      templateId: TEMPLATE,
      salary: { amount: 80000, currency: 'KES', period: 'month' },
      probationMonths: 3,
    };
    const nurses = {
      ...onboarding,
      id: WARD,
      name: 'Nurses’ contract',
      preset: null,
      actions: [contractAction],
    };
    const calls = fakeApi(({ method, path }) => {
      if (path.startsWith('/api/core/places'))
        return { body: { success: true, data: { locations: [], departments: [] } } };
      if (path.startsWith('/api/core/policies')) return { body: page([]) };
      if (path.startsWith('/api/core/contract-templates'))
        return {
          body: page([
            {
              id: TEMPLATE,
              name: 'Nurse contract',
              body: 'Between {{organisation}} and {{name}}',
              fields: ['organisation', 'name'],
              createdAt: '2026-03-02T06:00:00.000Z',
              updatedAt: '2026-03-02T06:00:00.000Z',
            },
          ]),
        };
      if (path.startsWith('/api/core/workflows/tasks/mine')) return { body: page([]) };
      if (method === 'GET' && path.startsWith('/api/core/workflows?'))
        return { body: page([nurses], { limit: null, active: 0 }) };
      if (path.startsWith(`/api/core/workflows/${WARD}/runs`))
        return {
          body: page([
            {
              id: '7b0c1f7e-5555-4a3b-9c1d-000000000002',
              workflowId: WARD,
              trigger: 'person-joined',
              subjectId: WARD,
              occurrence: '',
              staffId: WARD,
              staffName: 'Rehema Njeri',
              ranAt: '2026-03-02T06:00:00.000Z',
              results: [
                {
                  kind: 'contract',
                  status: 'failed',
                  code: 'contract-no-account',
                  params: { contractId: CONTRACT },
                  detail: 'This person has no account yet: they sign once they join.',
                },
                {
                  kind: 'checklist',
                  status: 'ok',
                  code: 'tasks-assigned',
                  params: { tasks: 3, people: 2 },
                  detail: '3 tasks each for 2 people',
                },
                {
                  kind: 'notify',
                  status: 'failed',
                  code: 'nobody-in-role',
                  params: { role: 'manager' },
                  detail: 'Nobody holds the role “manager” for this person.',
                },
              ],
            },
            {
              id: '7b0c1f7e-5555-4a3b-9c1d-000000000003',
              workflowId: WARD,
              trigger: 'person-joined',
              subjectId: WARD,
              occurrence: '',
              staffId: WARD,
              staffName: 'Joy Akinyi',
              ranAt: '2026-03-01T06:00:00.000Z',
              // Logged before the codes, its contract left pending by a crash.
              results: [{ kind: 'contract', status: 'ok', detail: 'pending' }],
            },
          ]),
        };
      if (method === 'POST' && path === '/api/core/workflows')
        return { status: 201, body: { success: true, data: nurses } };
      return notFound;
    });
    await renderScreen(<WorkflowsPage />, { path: '/hr/workflows' });

    // A new workflow of one contract action: refused with a message per field until complete.
    const form = await screen.findByRole('region', { name: 'New workflow' });
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Nurses’ contract');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove action 1' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add a contract' }));
    expect(within(form).getByRole('group', { name: 'Action 1: Contract' })).toBeInTheDocument();
    const salary = within(form).getByLabelText('Action 1: salary');
    await userEvent.type(salary, '95000.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Make the workflow' }));
    const template = within(form).getByLabelText('Action 1: the contract template');
    expect(template).toHaveAccessibleDescription('Action 1: choose a contract template.');
    expect(salary).toHaveAccessibleDescription('Action 1: give the salary as a whole number above 0.');
    expect(within(form).getByRole('group', { name: 'What it does' })).toHaveAccessibleDescription(
      /each contract its template and salary/,
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.selectOptions(
      template,
      await within(form).findByRole('option', { name: 'Nurse contract' }),
    );
    await userEvent.clear(salary);
    await userEvent.type(salary, '95000');
    await userEvent.selectOptions(within(form).getByLabelText('Action 1: currency'), 'UGX');
    await userEvent.selectOptions(within(form).getByLabelText('Action 1: paid'), 'year');
    await userEvent.selectOptions(within(form).getByLabelText('Action 1: probation'), '6');
    await userEvent.click(within(form).getByRole('button', { name: 'Make the workflow' }));
    expect(await within(form).findByText('Workflow made. Turn it on from the list.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Nurses’ contract',
      trigger: 'person-joined',
      conditions: {},
      actions: [
        {
          kind: 'contract',
          templateId: TEMPLATE,
          salary: { amount: 95000, currency: 'UGX', period: 'year' },
          probationMonths: 6,
        },
      ],
    });

    // Editing one loads its contract action as it is.
    const list = screen.getByRole('region', { name: 'Your workflows' });
    await userEvent.click(await within(list).findByRole('button', { name: 'Edit Nurses’ contract' }));
    const editor = await screen.findByRole('region', { name: 'Edit Nurses’ contract' });
    expect(within(editor).getByLabelText('Action 1: the contract template')).toHaveValue(TEMPLATE);
    expect(within(editor).getByLabelText('Action 1: salary')).toHaveValue('80000');
    expect(within(editor).getByLabelText('Action 1: probation')).toHaveValue('3');

    // The run log in French: each result from its code; the old row's pending contract says how to finish it.
    await act(async () => useLanguage.getState().setLanguage('fr'));
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Vos workflows' })).getByRole('button', {
        name: 'Journal de Nurses’ contract',
      }),
    );
    const log = await screen.findByRole('region', { name: 'Journal : Nurses’ contract' });
    expect(await within(log).findByText(/Rehema Njeri/)).toBeInTheDocument();
    expect(
      within(log).getByText(
        "Contrat : échec (la personne n'a pas encore de compte : son contrat est un brouillon sur la page des contrats, à envoyer quand elle arrivera)",
      ),
    ).toBeInTheDocument();
    expect(
      within(log).getByText('Liste de tâches : fait (3 tâches pour chacune de 2 personnes)'),
    ).toBeInTheDocument();
    expect(
      within(log).getByText('Avis : échec (personne ne gère le service ou le site de cette personne)'),
    ).toBeInTheDocument();
    expect(
      within(log).getByText('Contrat : fait (non établi : établissez ce contrat sur la page des contrats)'),
    ).toBeInTheDocument();
    expect(within(log).queryByText(/Nobody holds|no account yet/)).not.toBeInTheDocument();
  });

  it('shows the plan’s refusal to turn one on past the limit', async () => {
    useSession.getState().signIn('token', CLINIC);
    fakeApi(({ method, path }) => {
      if (path.startsWith('/api/core/workflows/tasks/mine')) return { body: page([]) };
      if (method === 'GET' && path.startsWith('/api/core/workflows?'))
        return { body: page([onboarding], { limit: 2, active: 2 }) };
      if (method === 'PATCH')
        return {
          status: 402,
          body: {
            success: false,
            code: 'billing.limit_reached',
            message: 'Your plan allows up to 2 workflow automations.',
          },
        };
      if (path.startsWith('/api/core/places'))
        return { body: { success: true, data: { locations: [], departments: [] } } };
      if (path.startsWith('/api/core/policies')) return { body: page([]) };
      return notFound;
    });
    await renderScreen(<WorkflowsPage />, { path: '/hr/workflows' });
    const list = await screen.findByRole('region', { name: 'Your workflows' });
    await userEvent.click(
      await within(list).findByRole('button', { name: 'Turn Onboarding checklist on or off' }),
    );
    expect(await within(list).findByRole('alert')).toHaveTextContent("You have reached your plan's limit.");
  });

  it('gives a nurse her own tasks at 360 px in Kiswahili, each marked done by keyboard, and nothing of HR’s', async () => {
    window.innerWidth = 360;
    useSession.getState().signIn('token', AMINA);
    let done = false;
    const calls = fakeApi(({ method, path }) => {
      if (path === '/api/core/staff/me')
        return { body: { success: true, data: { id: 's', role: 'staff', credentials: [], cpdPoints: 0 } } };
      if (path.startsWith('/api/core/workflows/tasks/mine'))
        return {
          body: page(
            done
              ? []
              : [
                  {
                    id: TASK,
                    title: 'Sign your contract',
                    dueOn: '2026-03-05',
                    doneAt: null,
                    workflowName: 'Onboarding checklist',
                    staffId: WARD,
                    staffName: 'Amina Otieno',
                  },
                ],
          ),
        };
      if (method === 'POST' && path === `/api/core/workflows/tasks/${TASK}/done`) {
        done = true;
        return { body: { success: true, data: {} } };
      }
      return { status: 403, body: { success: false, message: 'no', code: 'request.forbidden' } };
    });
    await renderScreen(<WorkflowsPage />, { path: '/hr/workflows' });
    await act(async () => useLanguage.getState().setLanguage('sw'));
    const mine = await screen.findByRole('region', { name: 'Kazi zangu' });
    expect(await within(mine).findByText('Sign your contract')).toBeInTheDocument();
    expect(within(mine).getByText(/kuhusu Amina Otieno/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mitiririko yako' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mtiririko mpya' })).not.toBeInTheDocument();
    const button = within(mine).getByRole('button', { name: 'Weka Sign your contract imekamilika' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(await within(mine).findByText('Hakuna kazi zilizo wazi.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/core/workflows/tasks/${TASK}/done`,
    ]);
  });
});
