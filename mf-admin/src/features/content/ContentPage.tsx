import { useState } from 'react';
import { refreshApi, useApiQuery } from '@platform/data';
import { Alert, Button, TextArea, failureText, useToast, useTranslation, SafeHtml } from '@platform/ui';
import { HOME_BLOCKS, adminApi, type HomeBlock } from '../../api';
import { AdminFrame } from '../layout/AdminFrame';
import { LoadState } from '../shared/LoadState';

/**
 * /admin/content: the landing page's six blocks, each shown as the public page shows it; one block is
 * edited at a time (Edit, then Save or Cancel), with a live preview of the draft. The service sanitises
 * what is saved; the page renders only sanitised HTML.
 */
export default function ContentPage() {
  return (
    <AdminFrame section="content">
      <Blocks />
    </AdminFrame>
  );
}

function Blocks() {
  const { t } = useTranslation('admin');
  const content = useApiQuery(adminApi.mainComponents());
  const [editing, setEditing] = useState<HomeBlock | null>(null);
  return (
    <>
      <p className="muted">
        {t('content.intro')}{' '}
        <a href="/" target="_blank" rel="noopener">
          {t('content.openLanding')}
        </a>
      </p>
      <LoadState
        loading={content.loading}
        error={content.error}
        onRetry={content.reload}
        loadingText={t('content.loading')}
        failedKey="content.failed"
      >
        {content.data &&
          HOME_BLOCKS.map((block) => (
            <Block
              key={block}
              block={block}
              html={content.data!.components[block] ?? ''}
              editing={editing === block}
              locked={editing !== null && editing !== block}
              onEdit={() => setEditing(block)}
              onDone={() => setEditing(null)}
            />
          ))}
      </LoadState>
    </>
  );
}

function Block({
  block,
  html,
  editing,
  locked,
  onEdit,
  onDone,
}: {
  block: HomeBlock;
  html: string;
  editing: boolean;
  /** Another block is being edited. */
  locked: boolean;
  onEdit(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('admin');
  const { show } = useToast();
  const label = t(`content.blocks.${block}`);
  const [draft, setDraft] = useState(html);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `block-${block}`;

  function start() {
    setDraft(html);
    setError(null);
    onEdit();
  }
  async function save() {
    if (!draft.trim()) return setError(t('content.empty'));
    setBusy(true);
    setError(null);
    try {
      const res = await adminApi.saveBlock(block, draft);
      if (res.ok) {
        show({ kind: 'success', message: t('content.saved', { label }) });
        await refreshApi('/api/dashboard/main-components');
        onDone();
      } else setError(failureText(t, res, 'content.saveFailed'));
    } catch (err) {
      setError(failureText(t, err, 'content.saveFailed'));
    }
    setBusy(false);
  }

  return (
    <section className="card admin-block" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{label}</h2>
      {!editing ? (
        <>
          {html.trim() ? <SafeHtml html={html} /> : <p className="muted">{t('content.none')}</p>}
          <Button
            variant="secondary"
            onClick={start}
            disabled={locked}
            aria-label={t('content.editBlock', { label })}
          >
            {t('content.edit')}
          </Button>
        </>
      ) : (
        <div className="stack">
          {error && <Alert kind="error">{error}</Alert>}
          <TextArea
            id={`${id}-text`}
            label={t('content.html', { label })}
            hint={t('content.htmlHint')}
            rows={6}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div>
            <h3 className="muted">{t('content.preview')}</h3>
            <div className="admin-preview" aria-label={t('content.previewOf', { label })} role="region">
              {draft.trim() ? <SafeHtml html={draft} /> : <p className="muted">{t('content.none')}</p>}
            </div>
          </div>
          <div className="row">
            <Button onClick={() => void save()} loading={busy}>
              {t('content.save')}
            </Button>
            <Button variant="secondary" onClick={onDone} disabled={busy}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
