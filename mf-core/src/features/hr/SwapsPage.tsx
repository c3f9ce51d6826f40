import './texts';
import { useState, type ReactNode } from 'react';
import type { Swap } from '@platform/svc-core/contract';
import { useApiPages, useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import { Alert, Button, Spinner, TextField, useDateFormat, useRouteMeta, useTranslation } from '@platform/ui';
import { coreApi, type SwapView } from '../../api';
import { useFailure, useOrgRole, useSubmit } from './hr-access';
import { SWAP_LISTS } from './ShiftSwap';
import '../shared/core.css';

/**
 * `/hr/swaps`: the shifts colleagues of one's profession offer (take one), one's own offers and takes
 * with where each stands, and for HR and managers the swaps waiting for their decision (approve, or
 * decline saying why; a swap that breaks a roster rule for the taker is approved only with a reason).
 * Offering is in "my shifts" (`ShiftSwap`). The service decides what each may see and do.
 */
export default function SwapsPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('swaps.title'));
  const user = useSession((s) => s.user);
  const { role, isHr } = useOrgRole();
  if (!user) return <Navigate to={loginPath('/hr/swaps')} replace />;
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr/rosters">{t('swaps.back')}</Link>
      </p>
      <h1>{t('swaps.title')}</h1>
      <p>{t('swaps.intro')}</p>
      {role === undefined && user.role !== 'Clinic' && <Spinner label={t('hrPage.loading')} />}
      {(isHr || role === 'manager') && <ToDecide />}
      {role !== undefined && role !== 'owner' && (
        <>
          <OpenOffers />
          <MySwaps />
        </>
      )}
    </div>
  );
}

/** The shift, its day, times and ward, as each list writes it. */
function ShiftText({ swap: s }: { swap: Swap }) {
  const date = useDateFormat('UTC');
  return (
    <>
      <strong>{date(s.day)}</strong> · {s.shiftName} ({s.startsAt}–{s.endsAt}) · {s.departmentName}
    </>
  );
}

/** The rules a swap would break for its taker, in words. */
function useRules() {
  const { t } = useTranslation('core');
  return (rules: readonly string[]) => rules.map((r) => t(`rosters.rule.${r}`)).join(', ');
}

function List({
  view,
  title,
  empty,
  done,
  children,
}: {
  view: SwapView;
  title: string;
  empty: string;
  /** What was just done on the list (a line leaves it once decided), said to screen readers too. */
  done?: string | null;
  children: (swap: Swap) => ReactNode;
}) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const list = useApiPages((page) => coreApi.swapOffers(view, page));
  const id = `swaps-${view}`;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div aria-live="polite">{done && <Alert kind="success">{done}</Alert>}</div>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {!list.loading && !list.error && list.items.length === 0 && <p>{empty}</p>}
      <ul className="hr-list">
        {list.items.map((s) => (
          <li key={s.id}>{children(s)}</li>
        ))}
      </ul>
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

/** Shifts colleagues of one's profession offer, soonest first: take one. */
function OpenOffers() {
  const { t } = useTranslation('core');
  const [done, setDone] = useState<string | null>(null);
  return (
    <List view="open" title={t('swaps.openTitle')} empty={t('swaps.noOpen')} done={done}>
      {(s) => <TakeLine swap={s} onDone={setDone} />}
    </List>
  );
}

/** One offer to take; once taken it leaves the list, which says so (and what it breaks for the taker). */
function TakeLine({ swap: s, onDone }: { swap: Swap; onDone: (text: string) => void }) {
  const { t } = useTranslation('core');
  const date = useDateFormat('UTC');
  const rules = useRules();
  const { submit, busy, message } = useSubmit();
  const take = () =>
    submit(() => coreApi.takeSwap(s.id), {
      refresh: SWAP_LISTS,
      // The list says it: the line has left it.
      done: (res) => {
        const broken = res.body.data.violations;
        onDone(broken.length ? t('swaps.takenBreaks', { rules: rules(broken) }) : t('swaps.taken'));
      },
    });

  return (
    <>
      <ShiftText swap={s} /> · {t('swaps.from', { name: s.offeredBy.name })}
      {s.note && <> · “{s.note}”</>}{' '}
      <Button
        loading={busy}
        onClick={() => void take()}
        aria-label={t('swaps.takeFor', { shift: `${s.shiftName}, ${date(s.day)}`, name: s.offeredBy.name })}
      >
        {t('swaps.take')}
      </Button>
      <span aria-live="polite">{message && <Alert kind={message.kind}>{message.text}</Alert>}</span>
    </>
  );
}

/** What one offered or took, newest first, with where each stands. */
function MySwaps() {
  const { t } = useTranslation('core');
  const record = useApiQuery(coreApi.myRecord());
  const mineId = record.data?.data.id;
  return (
    <List view="mine" title={t('swaps.mineTitle')} empty={t('swaps.noMine')}>
      {(s) => (
        <>
          <ShiftText swap={s} /> ·{' '}
          {s.offeredBy.staffId === mineId
            ? s.takenBy
              ? t('swaps.youOfferedTo', { name: s.takenBy.name })
              : t('swaps.youOffered')
            : t('swaps.youTook', { name: s.offeredBy.name })}{' '}
          · <strong>{t(`swaps.status.${s.status}`)}</strong>
          {s.reason && <> · {t('swaps.because', { reason: s.reason })}</>}
        </>
      )}
    </List>
  );
}

/** Swaps taken and waiting for HR or the department's manager. */
function ToDecide() {
  const { t } = useTranslation('core');
  const [done, setDone] = useState<string | null>(null);
  return (
    <List view="decide" title={t('swaps.decideTitle')} empty={t('swaps.noDecide')} done={done}>
      {(s) => <DecideLine swap={s} onDone={setDone} />}
    </List>
  );
}

/**
 * Approve or decline one swap. A decline says why; so does an approval when the swap breaks a rule for
 * the taker (shown beside it, and again as the server answers if it changed meanwhile).
 */
function DecideLine({ swap: s, onDone }: { swap: Swap; onDone: (text: string) => void }) {
  const { t } = useTranslation('core');
  const date = useDateFormat('UTC');
  const rules = useRules();
  const [reason, setReason] = useState('');
  const [broken, setBroken] = useState<string[]>(s.violations);
  const [error, setError] = useState<string | undefined>();
  const [deciding, setDeciding] = useState<'approved' | 'declined' | null>(null);
  const { submit, busy, message } = useSubmit();
  const taker = s.takenBy?.name ?? '';
  const shift = `${s.shiftName}, ${date(s.day)}`;

  function decide(status: 'approved' | 'declined') {
    const needsReason = status === 'declined' || broken.length > 0;
    if (needsReason && reason.trim().length < 3) {
      setError(t('swaps.reasonRequired'));
      return;
    }
    setError(undefined);
    setDeciding(status);
    void submit(
      () => coreApi.decideSwap(s.id, { status, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
      {
        refresh: SWAP_LISTS,
        // The list says it: the line has left it.
        done: () =>
          onDone(
            status === 'approved'
              ? t('swaps.approved', { name: taker, shift })
              : t('swaps.declined', { shift }),
          ),
        // It breaks a rule for the taker now (it changed meanwhile): shown, and a reason asked for.
        refused: (res) => {
          const body = res.body as { code?: string; hints?: string[] };
          if (body.code !== 'core.roster_rule_broken') return false;
          setBroken(body.hints ?? []);
          setError(t('swaps.reasonRequired'));
          return true;
        },
      },
    );
  }

  return (
    <div className="stack">
      <p>
        <ShiftText swap={s} /> · {t('swaps.parties', { from: s.offeredBy.name, to: taker })}
        {s.note && <> · “{s.note}”</>}
      </p>
      {broken.length > 0 && (
        <p className="hr-not-cleared">⚠ {t('swaps.breaks', { name: taker, rules: rules(broken) })}</p>
      )}
      <TextField
        label={t('swaps.reason')}
        hint={t('swaps.reasonHint')}
        maxLength={300}
        value={reason}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="row hr-actions">
        <Button
          loading={busy && deciding === 'approved'}
          onClick={() => decide('approved')}
          aria-label={t('swaps.approveFor', { shift, name: taker })}
        >
          {t('swaps.approve')}
        </Button>
        <Button
          variant="secondary"
          loading={busy && deciding === 'declined'}
          onClick={() => decide('declined')}
          aria-label={t('swaps.declineFor', { shift })}
        >
          {t('swaps.decline')}
        </Button>
      </div>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </div>
  );
}
