import { useRef, useState, type KeyboardEvent } from 'react';
import { refreshApi, useApiQuery } from '@platform/data';
import {
  Alert,
  Button,
  ConfirmDialog,
  LANGUAGES,
  failureText,
  useToast,
  useTranslation,
  SafeHtml,
  type Language,
} from '@platform/ui';
import { HOME_BLOCKS, adminApi, type HomeBlock } from '../../api';
import { AdminFrame } from '../layout/AdminFrame';
import { LoadState } from '../shared/LoadState';
import { RichTextEditor } from '../shared/RichTextEditor';

type Editing = { block: HomeBlock; lang: Language } | null;
type Texts = Record<Language, { html: string; isDefault: boolean }>;

const BLOCK_TEXTS = '/api/content/blocks';

/**
 * /admin/content: the landing page's six blocks, each in English, Kiswahili and French apart (a tab per
 * language, "Default" on those still showing the page's own text). One block in one language is edited at a
 * time (Edit, then Save or Cancel) in a rich-text editor that makes only what the service keeps, with a live
 * preview; "Restore default" (after a confirmation) puts it back
 * to the page's own text. The service sanitises what is saved; the page renders only sanitised HTML.
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
  const content = useApiQuery(adminApi.blockTexts());
  const [editing, setEditing] = useState<Editing>(null);
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
              texts={content.data!.blocks[block]}
              editing={editing?.block === block ? editing.lang : null}
              locked={editing !== null && editing.block !== block}
              onEdit={(lang) => setEditing({ block, lang })}
              onDone={() => setEditing(null)}
            />
          ))}
      </LoadState>
    </>
  );
}

function Block({
  block,
  texts,
  editing,
  locked,
  onEdit,
  onDone,
}: {
  block: HomeBlock;
  texts: Texts;
  /** The language being edited in this block, if any. */
  editing: Language | null;
  /** Another block is being edited. */
  locked: boolean;
  onEdit(lang: Language): void;
  onDone(): void;
}) {
  const { t } = useTranslation('admin');
  const { t: tu } = useTranslation('ui');
  const { show } = useToast();
  const label = t(`content.blocks.${block}`);
  const [lang, setLang] = useState<Language>('en');
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const tabs = useRef<Partial<Record<Language, HTMLButtonElement | null>>>({});
  const id = `block-${block}`;
  const language = tu(`languages.${lang}`);
  const text = texts[lang];
  const names = { label, language };

  function choose(next: Language) {
    setLang(next);
    tabs.current[next]?.focus();
  }
  function onTabKey(e: KeyboardEvent) {
    const at = LANGUAGES.indexOf(lang);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % LANGUAGES.length
        : e.key === 'ArrowLeft'
          ? (at + LANGUAGES.length - 1) % LANGUAGES.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? LANGUAGES.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    choose(LANGUAGES[to]!);
  }
  function start() {
    setDraft(text.html);
    setError(null);
    onEdit(lang);
  }
  async function save() {
    if (!draft.trim()) return setError(t('content.empty'));
    setBusy(true);
    setError(null);
    try {
      const res = await adminApi.saveBlockText(block, lang, draft);
      if (res.ok) {
        show({ kind: 'success', message: t('content.savedIn', names) });
        await refreshApi(BLOCK_TEXTS);
        onDone();
      } else setError(failureText(t, res, 'content.saveFailed'));
    } catch (err) {
      setError(failureText(t, err, 'content.saveFailed'));
    }
    setBusy(false);
  }
  async function restore() {
    setBusy(true);
    setRestoreError(null);
    try {
      const res = await adminApi.restoreBlockText(block, lang);
      if (res.ok) {
        show({ kind: 'success', message: t('content.restored', names) });
        await refreshApi(BLOCK_TEXTS);
        setRestoring(false);
      } else setRestoreError(failureText(t, res, 'content.restoreFailed'));
    } catch (err) {
      setRestoreError(failureText(t, err, 'content.restoreFailed'));
    }
    setBusy(false);
  }

  const editingHere = editing !== null;
  return (
    <section className="card admin-block" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{label}</h2>
      <div role="tablist" aria-label={t('content.languagesOf', { label })} className="row admin-block-tabs">
        {LANGUAGES.map((l) => (
          <button
            key={l}
            ref={(el) => {
              tabs.current[l] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${l}`}
            aria-selected={l === lang}
            aria-controls={`${id}-panel`}
            tabIndex={l === lang ? 0 : -1}
            disabled={editingHere && l !== lang}
            className={`btn ${l === lang ? 'btn-primary' : 'btn-secondary'}`}
            onClick={() => setLang(l)}
            onKeyDown={onTabKey}
          >
            {tu(`languages.${l}`)}
            {texts[l].isDefault && (
              <>
                {' '}
                <span className="badge">{t('content.default')}</span>
              </>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${lang}`} className="stack">
        {!editingHere ? (
          <>
            {text.isDefault ? (
              <p className="muted">{t('content.showsDefault', { language })}</p>
            ) : (
              <SafeHtml html={text.html} />
            )}
            <div className="row">
              <Button
                variant="secondary"
                onClick={start}
                disabled={locked}
                aria-label={t('content.editBlockIn', names)}
              >
                {t('content.edit')}
              </Button>
              {!text.isDefault && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setRestoreError(null);
                    setRestoring(true);
                  }}
                  disabled={locked}
                  aria-label={t('content.restoreBlockIn', names)}
                >
                  {t('content.restore')}
                </Button>
              )}
            </div>
          </>
        ) : (
          <>
            {error && <Alert kind="error">{error}</Alert>}
            <RichTextEditor
              label={t('content.textIn', names)}
              hint={t('content.editorHint')}
              value={draft}
              onChange={setDraft}
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
          </>
        )}
      </div>
      {restoring && (
        <ConfirmDialog
          open
          title={t('content.restoreTitle', names)}
          message={t('content.restoreMessage', names)}
          confirmLabel={t('content.restore')}
          cancelLabel={t('cancel')}
          busy={busy}
          error={restoreError}
          onConfirm={() => void restore()}
          onCancel={() => setRestoring(false)}
        />
      )}
    </section>
  );
}
