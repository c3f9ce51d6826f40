import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import TeamPage from './TeamPage';

beforeEach(resetSession);
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const invite = {
  id: '7b0c1f7e-1111-4a3b-9c1d-000000000001',
  email: 'zawadi@example.org',
  organization: 'Eldoret Family Clinic',
  invitedBy: 'Eldoret Family Clinic',
  status: 'pending',
  createdAt: '2026-11-24T08:00:00.000Z',
  expiresAt: '2026-12-08T08:00:00.000Z',
};

describe('the team page', () => {
  it("sends a clinic's invitation and shows it waiting; a server refusal is shown by the field", async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Eldoret Family Clinic' });
    const waiting: (typeof invite)[] = [];
    const calls = fakeApi(({ method, path, body }) => {
      if (method === 'POST' && (body as { email: string }).email === 'taken@example.org')
        return { status: 409, body: { success: false, code: 'team.already_invited', message: 'x' } };
      if (method === 'POST') {
        waiting.push(invite);
        return { status: 201, body: { success: true, data: invite } };
      }
      if (path.startsWith('/api/user/org/members'))
        return { body: { success: true, data: [], pageInfo: { page: 1, limit: 20, total: 0 } } };
      return { body: { success: true, data: waiting } };
    });
    await renderScreen(<TeamPage />, { path: '/team' });
    expect(await screen.findByText('No invitation is waiting for an answer.')).toBeInTheDocument();
    expect(screen.getByText('Nobody has joined your team yet.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('E-mail'), 'not an e-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('E-mail'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'taken@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This e-mail already has an invitation waiting.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('E-mail'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'zawadi@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to zawadi@example.org.')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Withdraw the invitation to zawadi@example.org' }),
    ).toBeInTheDocument();
  });

  it('opens with the e-mail of an applicant /hr suggests inviting, and sends that invitation', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Eldoret Family Clinic' });
    const calls = fakeApi(({ method, path }) => {
      if (method === 'POST') return { status: 201, body: { success: true, data: invite } };
      if (path.startsWith('/api/user/org/members'))
        return { body: { success: true, data: [], pageInfo: { page: 1, limit: 20, total: 0 } } };
      return { body: { success: true, data: [] } };
    });
    await renderScreen(<TeamPage />, { path: '/team?invite=zawadi%40example.org' });
    expect(await screen.findByLabelText('E-mail')).toHaveValue('zawadi@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText(/zawadi@example.org/);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'zawadi@example.org' });
  });

  it('lets a professional accept an invitation, then shows the team she is in', async () => {
    useSession.getState().signIn('token', AMINA);
    let member = false;
    fakeApi(({ method, path }) => {
      if (method === 'POST') {
        member = true;
        return { body: { success: true, user: { ...AMINA, orgId: 'org-1' } } };
      }
      if (path === '/api/user/me')
        return { body: { success: true, user: { ...AMINA, emailVerified: true } } };
      if (path === '/api/user/org')
        return {
          body: {
            success: true,
            organization: member ? { id: 'org-1', name: 'Eldoret Family Clinic' } : null,
          },
        };
      return { body: { success: true, data: member ? [] : [invite] } };
    });
    await renderScreen(<TeamPage />, { path: '/team' });
    expect(await screen.findByText("You are not in a clinic's team yet.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
    const card = await screen.findByRole('article', { name: 'Eldoret Family Clinic' });
    expect(card).toHaveTextContent('Eldoret Family Clinic invites you to join its team.');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You joined Eldoret Family Clinic.')).toBeInTheDocument();
    expect(await screen.findByText('You are a member of Eldoret Family Clinic.')).toBeInTheDocument();
  });

  it('carries joining, then leaving, into the open session without signing in again', async () => {
    useSession.getState().signIn('old-token', AMINA);
    let orgId: string | null = null;
    fakeApi(({ method, path }) => {
      if (method === 'POST' && path.endsWith('/accept')) {
        orgId = 'org-1';
        return { body: { success: true, token: 'member-token', user: { ...AMINA, orgId } } };
      }
      if (method === 'POST' && path === '/api/user/org/leave') {
        orgId = null;
        return { body: { success: true, token: 'left-token', user: { ...AMINA, orgId } } };
      }
      if (path === '/api/user/me')
        return { body: { success: true, user: { ...AMINA, emailVerified: true } } };
      if (path === '/api/user/org')
        return {
          body: { success: true, organization: orgId ? { id: orgId, name: 'Eldoret Family Clinic' } : null },
        };
      return { body: { success: true, data: orgId ? [] : [invite] } };
    });
    await renderScreen(<TeamPage />, { path: '/team' });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You are a member of Eldoret Family Clinic.')).toBeInTheDocument();
    expect(useSession.getState()).toMatchObject({ token: 'member-token', user: { orgId: 'org-1' } });

    await userEvent.click(screen.getByRole('button', { name: 'Leave team' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave team' }),
    );
    expect(await screen.findByText("You are not in a clinic's team yet.")).toBeInTheDocument();
    expect(useSession.getState()).toMatchObject({ token: 'left-token', user: { orgId: null } });
  });

  it('tells a professional whose address is not verified why no invitation shows, and sends the link again', async () => {
    useSession.getState().signIn('token', AMINA);
    const calls = fakeApi(({ method, path }) => {
      if (method === 'POST') return { status: 202, body: { success: true, message: 'sent' } };
      if (path === '/api/user/me')
        return { body: { success: true, user: { ...AMINA, emailVerified: false } } };
      if (path === '/api/user/org') return { body: { success: true, organization: null } };
      return { body: { success: true, data: [] } };
    });
    await renderScreen(<TeamPage />, { path: '/team' });
    expect(await screen.findByText(/cannot join a clinic’s team/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent a new link to amina@example.org.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/user/email/verification');
  });

  it.each(['en', 'sw', 'fr'] as const)(
    'names each button with its visible text (%s), so speech control finds it',
    async (language) => {
      useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Eldoret Family Clinic' });
      const member = {
        id: '7b0c1f7e-2222-4a3b-9c1d-000000000002',
        name: 'Zawadi Achieng',
        email: 'zawadi@example.org',
        designation: 'Nurse',
        joinedAt: '2026-11-20T08:00:00.000Z',
      };
      fakeApi(({ path }) => {
        if (path.startsWith('/api/user/org/members'))
          return { body: { success: true, data: [member], pageInfo: { page: 1, limit: 20, total: 1 } } };
        return { body: { success: true, data: [invite] } };
      });
      await renderScreen(<TeamPage />, { path: '/team' });
      expect(await screen.findByText('Zawadi Achieng')).toBeInTheDocument();
      await act(async () => useLanguage.getState().setLanguage(language));
      expect(await screen.findByRole('button', { name: new RegExp(invite.email) })).toHaveTextContent(
        { en: 'Withdraw', sw: 'Futa mwaliko', fr: 'Retirer' }[language],
      );
      const labelled = screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-label'));
      expect(labelled).toHaveLength(2);
      for (const button of labelled)
        expect(button.getAttribute('aria-label')!.toLowerCase()).toContain(button.textContent!.toLowerCase());
    },
  );

  it('sends a visitor to log in', async () => {
    fakeApi(() => ({ body: { success: true, data: [] } }));
    await renderScreen(<TeamPage />, { path: '/team' });
    expect(screen.queryByRole('heading', { name: 'Team' })).not.toBeInTheDocument();
  });
});
