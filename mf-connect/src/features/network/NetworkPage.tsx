import { useState } from 'react';
import type { ConnectionRequestView, PersonRef } from '@platform/svc-connect/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import { Link } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import {
  Avatar,
  Alert,
  Button,
  ConfirmDialog,
  failureText,
  Pager,
  Spinner,
  useDateFormat,
  useRouteMeta,
  useToast,
  useTranslation,
} from '@platform/ui';
import { connectApi } from '../../api';
import '../shared/connect.css';

const PAGE = 10;
type Answer = 'accepted' | 'declined' | 'withdrawn';

function Person({ p, children }: { p: PersonRef; children?: React.ReactNode }) {
  const { t } = useTranslation('connect');
  return (
    <div className="person-head">
      <Avatar name={p.name} photo={p.photo} size={44} />
      <div className="person-title">
        <h3>{p.name}</h3>
        <p className="person-designation">
          {p.designation || t(`professions.${p.profession}`, { ns: 'ui' })}
        </p>
        {children}
      </div>
    </div>
  );
}

/** One box of pending requests: received (Accept, Decline) or sent (Withdraw, asked first). */
function RequestBox({ box }: { box: 'incoming' | 'outgoing' }) {
  const { t } = useTranslation('connect');
  const toast = useToast();
  const date = useDateFormat();
  const [page, setPage] = useState(1);
  const list = useApiQuery(connectApi.requests(box, page, PAGE));
  const [busy, setBusy] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<ConnectionRequestView | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const titleId = `${box}-title`;

  async function answer(r: ConnectionRequestView, status: Answer) {
    const other = box === 'incoming' ? r.from : r.to;
    setBusy(r.id);
    try {
      const res = await connectApi.answer(r.id, status);
      if (res.ok) {
        setWithdrawing(null);
        toast.show({ kind: 'success', message: t(`network.${status}Toast`, { name: other.name }) });
        await refreshApi('/api/connect');
      } else if (status === 'withdrawn') setDialogError(failureText(t, res, 'network.answerFailed'));
      else toast.show({ kind: 'error', message: failureText(t, res, 'network.answerFailed') });
    } catch (err) {
      if (status === 'withdrawn') setDialogError(failureText(t, err, 'network.answerFailed'));
      else toast.show({ kind: 'error', message: failureText(t, err, 'network.answerFailed') });
    }
    setBusy(null);
  }

  const result = list.data;
  const pages = result ? Math.max(1, Math.ceil(result.pageInfo.total / PAGE)) : 1;
  return (
    <section className="card network-box" aria-labelledby={titleId}>
      <h2 id={titleId}>{t(`network.${box}`)}</h2>
      {list.error && (
        <Alert kind="error">
          {failureText(t, list.error, 'network.loadFailed')}{' '}
          <Button variant="secondary" onClick={list.reload}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {!result && !list.error && <Spinner label={t('network.loading')} />}
      {result &&
        (result.data.length === 0 ? (
          <p className="muted">{t(`network.${box}Empty`)}</p>
        ) : (
          <ul className="network-list">
            {result.data.map((r) => {
              const other = box === 'incoming' ? r.from : r.to;
              return (
                <li key={r.id}>
                  <Person p={other}>
                    <p className="muted">{t(`network.${box}Since`, { date: date(r.createdAt) })}</p>
                  </Person>
                  <div className="row network-actions">
                    {box === 'incoming' ? (
                      <>
                        <Button
                          loading={busy === r.id}
                          onClick={() => void answer(r, 'accepted')}
                          aria-label={t('network.acceptFrom', { name: other.name })}
                        >
                          {t('network.accept')}
                        </Button>
                        <Button
                          variant="secondary"
                          disabled={busy === r.id}
                          onClick={() => void answer(r, 'declined')}
                          aria-label={t('network.declineFrom', { name: other.name })}
                        >
                          {t('network.decline')}
                        </Button>
                      </>
                    ) : (
                      <Button
                        variant="secondary"
                        onClick={() => {
                          setDialogError(null);
                          setWithdrawing(r);
                        }}
                        aria-label={t('network.withdrawTo', { name: other.name })}
                      >
                        {t('network.withdraw')}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        ))}
      <Pager page={page} pages={pages} onPage={setPage} label={t(`network.${box}Pages`)} />
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('network.withdrawTitle')}
        message={t('network.withdrawText', { name: withdrawing?.to.name ?? '' })}
        confirmLabel={t('network.withdraw')}
        cancelLabel={t('cancel')}
        busy={busy !== null}
        error={dialogError}
        onConfirm={() => withdrawing && void answer(withdrawing, 'withdrawn')}
        onCancel={() => setWithdrawing(null)}
      />
    </section>
  );
}

/** The caller's accepted connections, each with their contact details. */
function Connections() {
  const { t } = useTranslation('connect');
  const date = useDateFormat();
  const [page, setPage] = useState(1);
  const list = useApiQuery(connectApi.connections(page, PAGE));
  const result = list.data;
  const pages = result ? Math.max(1, Math.ceil(result.pageInfo.total / PAGE)) : 1;
  return (
    <section className="card network-box" aria-labelledby="connections-title">
      <h2 id="connections-title">{t('network.connections')}</h2>
      {result?.contactsNeedVerifiedEmail && (
        <Alert kind="info">
          {t('network.verifyToSeeContacts')} <Link to="/profile">{t('network.verifyLink')}</Link>
        </Alert>
      )}
      {list.error && (
        <Alert kind="error">
          {failureText(t, list.error, 'network.loadFailed')}{' '}
          <Button variant="secondary" onClick={list.reload}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {!result && !list.error && <Spinner label={t('network.loading')} />}
      {result &&
        (result.data.length === 0 ? (
          <p className="muted">
            {t('network.connectionsEmpty')} <Link to="/connect">{t('network.findPeople')}</Link>
          </p>
        ) : (
          <ul className="network-list">
            {result.data.map((c) => (
              <li key={c.requestId}>
                <Person p={c.person}>
                  <p className="muted">{t('network.connectedSince', { date: date(c.since) })}</p>
                  <dl className="person-contact">
                    {c.person.phone && (
                      <>
                        <dt>{t('directory.phone')}</dt>
                        <dd>
                          <a href={`tel:${c.person.phone.replace(/[^\d+]/g, '')}`}>{c.person.phone}</a>
                        </dd>
                      </>
                    )}
                    {c.person.email && (
                      <>
                        <dt>{t('directory.email')}</dt>
                        <dd>
                          <a href={`mailto:${c.person.email}`}>{c.person.email}</a>
                        </dd>
                      </>
                    )}
                  </dl>
                </Person>
              </li>
            ))}
          </ul>
        ))}
      <Pager page={page} pages={pages} onPage={setPage} label={t('network.connectionsPages')} />
    </section>
  );
}

/** /connect/network: requests received and sent, and connections (with their contact details). */
export default function NetworkPage() {
  const { t } = useTranslation('connect');
  useRouteMeta(t('network.title'));
  const signedIn = useSession((s) => s.user !== null);
  return (
    <div className="container section network-page">
      <p className="breadcrumb">
        <Link to="/connect">{t('discussion.back')}</Link>
      </p>
      <h1>{t('network.title')}</h1>
      {!signedIn ? (
        <p>
          {t('network.loginFirst')}{' '}
          <Link className="btn btn-primary" to={loginPath('/connect/network')}>
            {t('discussion.logIn')}
          </Link>
        </p>
      ) : (
        <div className="network-grid">
          <RequestBox box="incoming" />
          <RequestBox box="outgoing" />
          <Connections />
        </div>
      )}
    </div>
  );
}
