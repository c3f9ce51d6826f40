import { useState } from 'react';
import { refreshApi, useApiQuery } from '@platform/data';
import {
  ConfirmDialog,
  ListStatus,
  Pager,
  failureText,
  useToast,
  useTranslation,
  Button,
} from '@platform/ui';
import { adminApi, type ModerationDecisionValue, type ModerationItem } from '../../api';
import { AdminFrame } from '../layout/AdminFrame';
import { useDateTime } from '../shared/use-dates';

const DECISIONS: ModerationDecisionValue[] = ['restore', 'hide', 'delete'];

/**
 * /admin/moderation: posts hidden by members' flags (Connect reports them), oldest first. Restore shows
 * a post again, Keep hidden leaves it to its author only, Delete removes it; each is asked first, sent
 * back to the module as an event and written to the audit log.
 */
export default function ModerationPage() {
  return (
    <AdminFrame section="moderation">
      <Queue />
    </AdminFrame>
  );
}

function Queue() {
  const { t } = useTranslation('admin');
  const { show } = useToast();
  const when = useDateTime();
  const [page, setPage] = useState(1);
  const list = useApiQuery(adminApi.moderation(page));
  const [asking, setAsking] = useState<{ item: ModerationItem; decision: ModerationDecisionValue } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const info = list.data?.pageInfo;

  async function decide() {
    if (!asking) return;
    setBusy(true);
    setError(null);
    try {
      const res = await adminApi.decide(asking.item.id, asking.decision);
      if (res.ok) {
        show({
          kind: 'success',
          message: t(`moderation.${asking.decision}.done`, { title: asking.item.title }),
        });
        setAsking(null);
        setBusy(false);
        await refreshApi('/api/content/moderation');
        return;
      }
      setError(failureText(t, res, 'moderation.failed'));
    } catch (err) {
      setError(failureText(t, err, 'moderation.failed'));
    }
    setBusy(false);
  }

  return (
    <>
      <p className="muted">{t('moderation.intro')}</p>
      <ListStatus
        error={
          list.error
            ? `${t('moderation.loadFailed')}: ${failureText(t, list.error, 'moderation.loadFailed')}`
            : null
        }
        loaded={!!list.data}
        pageInfo={info && { total: info.total, totalCapped: false }}
        onRetry={list.reload}
        texts={{
          retry: t('retry'),
          loading: t('moderation.loading'),
          count: (n) => t('moderation.count', { count: n }),
        }}
      >
        {list.data?.data.length === 0 ? (
          <p>{t('moderation.empty')}</p>
        ) : (
          <ul className="admin-list">
            {list.data?.data.map((item) => (
              <li key={item.id}>
                <article className="card" aria-labelledby={`flagged-${item.id}`}>
                  <h2 id={`flagged-${item.id}`}>{item.title || t('moderation.untitled')}</h2>
                  <p className="muted">
                    {t('moderation.meta', {
                      author: item.authorName ?? t('moderation.anonymous'),
                      count: item.flags,
                      time: when(item.flaggedAt),
                    })}
                  </p>
                  {item.reasons.length > 0 && (
                    <p>
                      <strong>{t('moderation.reasons')}</strong> {item.reasons.join(' · ')}
                    </p>
                  )}
                  <blockquote className="inbox-message">{item.excerpt}</blockquote>
                  <div className="admin-actions">
                    {DECISIONS.map((decision) => (
                      <Button
                        key={decision}
                        variant={decision === 'restore' ? 'primary' : 'secondary'}
                        aria-label={t(`moderation.${decision}.button`, { title: item.title })}
                        onClick={() => {
                          setError(null);
                          setAsking({ item, decision });
                        }}
                      >
                        {t(`moderation.${decision}.short`)}
                      </Button>
                    ))}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        {info && (
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(info.total / info.limit))}
            onPage={setPage}
            label={t('moderation.pages')}
          />
        )}
      </ListStatus>
      {asking && (
        <ConfirmDialog
          open
          title={t(`moderation.${asking.decision}.title`)}
          message={t(`moderation.${asking.decision}.message`, { title: asking.item.title })}
          confirmLabel={t(`moderation.${asking.decision}.short`)}
          cancelLabel={t('cancel')}
          busy={busy}
          error={error}
          onConfirm={() => void decide()}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
