import { useState, type FormEvent } from 'react';
import type { Invite, Member } from '@platform/contracts';
import { refreshApi, useApiQuery } from '@platform/data';
import { Navigate, useSearchParams } from '@platform/router';
import { loginPath, useSession, type SessionUser } from '@platform/shell-state';
import {
  Alert,
  Button,
  ConfirmDialog,
  failureText,
  Spinner,
  TextField,
  useDateFormat,
  useRouteMeta,
  useToast,
  useTranslation,
} from '@platform/ui';
import { coreApi } from '../../api';
import { VerifyEmailNotice } from '../auth/VerifyEmailNotice';
import '../shared/core.css';

/**
 * `/team`: a clinic invites professionals by e-mail and manages its members; a professional answers the
 * invitations addressed to them and may leave their team. Members read their clinic's Clinic Internal
 * discussions in Connect. Visitors are sent to log in.
 */
export default function TeamPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('team.title'));
  const user = useSession((s) => s.user);
  if (!user) return <Navigate to={loginPath('/team')} replace />;
  return (
    <div className="container narrow section team-page">
      <h1>{t('team.title')}</h1>
      {user.role === 'Clinic' ? (
        <ClinicTeam />
      ) : user.role === 'user' ? (
        <MyTeam />
      ) : (
        <p>{t('team.notForAdmins')}</p>
      )}
    </div>
  );
}

/** What a call's failure says, in the page's language. */
function useFailure() {
  const { t } = useTranslation('core');
  return (failure: unknown) => failureText(t, failure as never, 'team.failed');
}

function ClinicTeam() {
  const { t } = useTranslation('core');
  const toast = useToast();
  const failure = useFailure();
  const date = useDateFormat();
  const invites = useApiQuery(coreApi.teamInvites());
  const [page, setPage] = useState(1);
  const members = useApiQuery(coreApi.teamMembers(page));
  // `/team?invite=<e-mail>`: an applicant accepted in Hire, from /hr's suggestions.
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('invite') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  async function invite(e: FormEvent) {
    e.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setError(t('team.emailInvalid'));
    setSending(true);
    setError(null);
    try {
      const res = await coreApi.invite(email.trim());
      if (res.ok) {
        setEmail('');
        toast.show({ kind: 'success', message: t('team.invited', { email: res.body.data.email }) });
        await refreshApi('/api/user/org/invites');
      } else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setSending(false);
  }

  async function withdraw(i: Invite) {
    try {
      const res = await coreApi.withdrawInvite(i.id);
      if (!res.ok) return toast.show({ kind: 'error', message: failure(res) });
      toast.show({ kind: 'success', message: t('team.withdrawn', { email: i.email }) });
      await refreshApi('/api/user/org/invites');
    } catch (caught) {
      toast.show({ kind: 'error', message: failure(caught) });
    }
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    setRemoveError(null);
    try {
      const res = await coreApi.removeMember(removing.id);
      if (res.ok) {
        toast.show({ kind: 'success', message: t('team.removed', { name: removing.name }) });
        setRemoving(null);
        await refreshApi('/api/user/org/members');
      } else setRemoveError(failure(res));
    } catch (caught) {
      setRemoveError(failure(caught));
    }
    setBusy(false);
  }

  const pending = invites.data?.data ?? [];
  const list = members.data?.data ?? [];
  const pages = members.data ? Math.max(1, Math.ceil(members.data.pageInfo.total / 20)) : 1;
  return (
    <>
      <p className="muted">{t('team.clinicIntro')}</p>
      <section className="card" aria-labelledby="team-invite-title">
        <h2 id="team-invite-title">{t('team.inviteTitle')}</h2>
        <form onSubmit={invite} noValidate>
          <TextField
            label={t('team.email')}
            type="email"
            autoComplete="off"
            maxLength={254}
            value={email}
            error={error ?? undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" loading={sending}>
            {t('team.send')}
          </Button>
        </form>
      </section>
      <section aria-labelledby="team-pending-title">
        <h2 id="team-pending-title">{t('team.pendingTitle')}</h2>
        {invites.error && <Alert kind="error">{failure(invites.error)}</Alert>}
        {!invites.data && !invites.error && <Spinner label={t('team.loading')} />}
        {invites.data && pending.length === 0 && <p className="muted">{t('team.noPending')}</p>}
        {pending.length > 0 && (
          <ul className="card-list">
            {pending.map((i) => (
              <li key={i.id} className="card row team-row">
                <span>
                  <strong>{i.email}</strong>{' '}
                  <span className="muted">{t('team.until', { date: date(i.expiresAt) })}</span>
                </span>
                <Button
                  variant="secondary"
                  onClick={() => void withdraw(i)}
                  aria-label={t('team.withdrawFor', { email: i.email })}
                >
                  {t('team.withdraw')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="team-members-title">
        <h2 id="team-members-title">{t('team.membersTitle')}</h2>
        {members.error && <Alert kind="error">{failure(members.error)}</Alert>}
        {!members.data && !members.error && <Spinner label={t('team.loading')} />}
        {members.data && list.length === 0 && <p className="muted">{t('team.noMembers')}</p>}
        {list.length > 0 && (
          <ul className="card-list">
            {list.map((m) => (
              <li key={m.id} className="card row team-row">
                <span>
                  <strong>{m.name}</strong> {m.designation && <span>· {m.designation}</span>}
                  <br />
                  <span className="muted">
                    {m.email} · {t('team.joined', { date: date(m.joinedAt) })}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  onClick={() => setRemoving(m)}
                  aria-label={t('team.removeFor', { name: m.name })}
                >
                  {t('team.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <div className="row">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('team.previous')}
            </Button>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('team.next')}
            </Button>
          </div>
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        title={t('team.removeTitle')}
        message={t('team.removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('team.remove')}
        cancelLabel={t('team.cancel')}
        busy={busy}
        error={removeError}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

/**
 * Joining or leaving a team answers with a new session naming the organisation now stored: the open page
 * (its shell, Connect's Clinic Internal, Core HR) follows at once, without signing out and in.
 */
function followSession(body: { token?: string; user: SessionUser }) {
  if (body.token) useSession.getState().signIn(body.token, body.user);
}

function MyTeam() {
  const { t } = useTranslation('core');
  const toast = useToast();
  const failure = useFailure();
  const team = useApiQuery(coreApi.myTeam());
  const invites = useApiQuery(coreApi.myInvites());
  // Invitations are shown to, and answered by, an account that proved its address only.
  const me = useApiQuery(coreApi.me());
  const unverified = me.data?.user && !me.data.user.emailVerified ? me.data.user.email : null;
  const [answering, setAnswering] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [leaveError, setLeaveError] = useState<string | null>(null);

  async function answer(i: Invite, how: 'accept' | 'decline') {
    setAnswering(i.id);
    try {
      const res = await coreApi.answerInvite(i.id, how);
      if (res.ok) {
        followSession(res.body);
        toast.show({
          kind: 'success',
          message: how === 'accept' ? t('team.joinedTeam', { name: i.organization }) : t('team.declined'),
        });
        await Promise.all([refreshApi('/api/user/org'), refreshApi('/api/user/me')]);
      } else toast.show({ kind: 'error', message: failure(res) });
    } catch (caught) {
      toast.show({ kind: 'error', message: failure(caught) });
    }
    setAnswering(null);
  }

  async function leave() {
    setBusy(true);
    setLeaveError(null);
    try {
      const res = await coreApi.leaveTeam();
      if (res.ok) {
        followSession(res.body);
        setLeaving(false);
        toast.show({ kind: 'success', message: t('team.left') });
        await refreshApi('/api/user/org');
      } else setLeaveError(failure(res));
    } catch (caught) {
      setLeaveError(failure(caught));
    }
    setBusy(false);
  }

  const org = team.data?.organization;
  const pending = invites.data?.data ?? [];
  return (
    <>
      <section className="card" aria-labelledby="my-team-title">
        <h2 id="my-team-title">{t('team.yourTeam')}</h2>
        {team.error && <Alert kind="error">{failure(team.error)}</Alert>}
        {!team.data && !team.error && <Spinner label={t('team.loading')} />}
        {team.data &&
          (org ? (
            <div className="row team-row">
              <p>{t('team.memberOf', { name: org.name })}</p>
              <Button variant="secondary" onClick={() => setLeaving(true)}>
                {t('team.leave')}
              </Button>
            </div>
          ) : (
            <p className="muted">{t('team.noTeam')}</p>
          ))}
      </section>
      <section aria-labelledby="my-invites-title">
        <h2 id="my-invites-title">{t('team.invitationsTitle')}</h2>
        {unverified && <VerifyEmailNotice email={unverified} />}
        {invites.error && <Alert kind="error">{failure(invites.error)}</Alert>}
        {!invites.data && !invites.error && <Spinner label={t('team.loading')} />}
        {invites.data && pending.length === 0 && <p className="muted">{t('team.noInvitations')}</p>}
        {pending.length > 0 && (
          <ul className="card-list">
            {pending.map((i) => (
              <li key={i.id}>
                <article className="card" aria-label={i.organization}>
                  <p>{t('team.invitedBy', { name: i.organization })}</p>
                  <div className="row">
                    <Button loading={answering === i.id} onClick={() => void answer(i, 'accept')}>
                      {t('team.accept')}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={answering === i.id}
                      onClick={() => void answer(i, 'decline')}
                    >
                      {t('team.decline')}
                    </Button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={leaving}
        title={t('team.leaveTitle')}
        message={t('team.leaveMessage', { name: org?.name ?? '' })}
        confirmLabel={t('team.leave')}
        cancelLabel={t('team.cancel')}
        busy={busy}
        error={leaveError}
        onConfirm={() => void leave()}
        onCancel={() => setLeaving(false)}
      />
    </>
  );
}
