import { useState, type FormEvent } from 'react';
import type { DiscussionView } from '@platform/svc-connect/contract';
import { DISCUSSION_CATEGORIES } from '@platform/contracts/values';
import { ApiFailure, refreshApi, useApiPages, useApiQuery } from '@platform/data';
import { Link, useNavigate, useParams } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import {
  Avatar,
  Alert,
  Button,
  ConfirmDialog,
  failureText,
  FormErrors,
  Modal,
  ModalCancel,
  SelectField,
  Spinner,
  TextArea,
  TextField,
  useDateFormat,
  useForm,
  useRouteMeta,
  useToast,
  useTranslation,
} from '@platform/ui';
import { connectApi } from '../../api';
import { atField, validateDiscussion } from '../discussions/NewDiscussion';
import { ServerHtml } from './Html';
import { ReplyItem } from './ReplyItem';
import '../shared/connect.css';

/** The author's edit of their discussion (title, category, content), in a dialog. */
function EditDiscussion({ d, onDone }: { d: DiscussionView; onDone(): void }) {
  const { t } = useTranslation('connect');
  const toast = useToast();
  const f = useForm<{ title: string; category: string; visibility: string; content: string }, 'required'>(
    'connect',
    { title: d.title, category: d.category, visibility: d.visibility, content: d.content },
    'newDiscussion.errors',
    { serverFields: { 'connect.invalid_title': 'title', 'connect.invalid_content': 'content' } },
  );
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.check(validateDiscussion(f.form))) return;
    setBusy(true);
    try {
      const res = await connectApi.edit(d.id, {
        title: f.form.title.trim(),
        category: f.form.category as DiscussionView['category'],
        content: f.form.content,
      });
      if (res.ok) {
        toast.show({ kind: 'success', message: t('discussion.saved') });
        await refreshApi('/api/discussion');
        onDone();
      } else f.fail(atField(res), 'discussion.saveFailed');
    } catch (err) {
      f.fail(err, 'discussion.saveFailed');
    }
    setBusy(false);
  }
  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormErrors form={f} />
      <TextField label={t('newDiscussion.title')} required maxLength={200} {...f.field('title')} />
      <SelectField
        label={t('newDiscussion.category')}
        required
        {...f.field('category')}
        options={DISCUSSION_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
      />
      <TextArea
        label={t('newDiscussion.content')}
        hint={t('newDiscussion.contentHint')}
        required
        rows={6}
        maxLength={20000}
        {...f.field('content')}
      />
      <div className="row confirm-actions">
        <ModalCancel>{t('cancel')}</ModalCancel>
        <Button type="submit" loading={busy}>
          {t('discussion.save')}
        </Button>
      </div>
    </form>
  );
}

/** Flag a discussion for review: a reason, once per person. */
function FlagForm({ id, onDone }: { id: string; onDone(): void }) {
  const { t } = useTranslation('connect');
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) return setError(t('discussion.reasonRequired'));
    setBusy(true);
    try {
      const res = await connectApi.flag(id, reason.trim());
      if (res.ok) {
        toast.show({ kind: 'success', message: t('discussion.flagged') });
        await refreshApi(`/api/discussion/${id}`);
        onDone();
      } else setError(failureText(t, res, 'discussion.flagFailed'));
    } catch (err) {
      setError(failureText(t, err, 'discussion.flagFailed'));
    }
    setBusy(false);
  }
  return (
    <form onSubmit={submit} noValidate className="stack">
      <p>{t('discussion.flagIntro')}</p>
      <TextArea
        label={t('discussion.reason')}
        required
        rows={3}
        maxLength={500}
        value={reason}
        error={error ?? undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="row confirm-actions">
        <ModalCancel>{t('cancel')}</ModalCancel>
        <Button type="submit" loading={busy}>
          {t('discussion.flag')}
        </Button>
      </div>
    </form>
  );
}

/** The reply form under a discussion. */
function ReplyForm({ id }: { id: string }) {
  const { t } = useTranslation('connect');
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError(t('discussion.replyRequired'));
    setBusy(true);
    setError(null);
    try {
      const res = await connectApi.reply(id, text);
      if (res.ok) {
        setText('');
        toast.show({ kind: 'success', message: t('discussion.replied') });
        await refreshApi('/api/discussion');
      } else setError(failureText(t, res, 'discussion.replyFailed'));
    } catch (err) {
      setError(failureText(t, err, 'discussion.replyFailed'));
    }
    setBusy(false);
  }
  return (
    <form onSubmit={submit} noValidate className="stack reply-form">
      <TextArea
        label={t('discussion.yourReply')}
        hint={t('newDiscussion.contentHint')}
        rows={4}
        maxLength={20000}
        value={text}
        error={error ?? undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <div>
        <Button type="submit" loading={busy}>
          {t('discussion.reply')}
        </Button>
      </div>
    </form>
  );
}

const REPLIES_PAGE = 50;

/** The replies, oldest first, 50 at a time with "Show more replies". */
function Replies({ id }: { id: string }) {
  const { t } = useTranslation('connect');
  const replies = useApiPages((page) => connectApi.replies(id, page, REPLIES_PAGE));
  return (
    <>
      <h2 id="replies-title">{t('discussion.replies', { count: replies.total })}</h2>
      {replies.error && (
        <Alert kind="error">
          {failureText(t, replies.error, 'discussion.loadFailed')}{' '}
          <Button variant="secondary" onClick={replies.reload}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {replies.loading && replies.items.length === 0 && <Spinner label={t('discussion.loading')} />}
      {!replies.loading && !replies.error && replies.items.length === 0 && (
        <p className="muted">{t('discussion.noReplies')}</p>
      )}
      {replies.items.length > 0 && (
        <ol className="reply-list">
          {replies.items.map((r) => (
            <li key={r.id}>
              <ReplyItem reply={r} discussionId={id} />
            </li>
          ))}
        </ol>
      )}
      {replies.hasMore && (
        <p>
          <Button variant="secondary" onClick={replies.loadMore} loading={replies.loading}>
            {t('discussion.moreReplies')}
          </Button>
        </p>
      )}
    </>
  );
}

/** /connect/discussions/:id: the post, its replies and the reply form; like, flag, edit and delete. */
export default function DiscussionPage() {
  const { t } = useTranslation('connect');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const date = useDateFormat();
  const signedIn = useSession((s) => s.user !== null);
  const answer = useApiQuery(connectApi.discussion(id));
  const d = answer.data?.data;
  const status = answer.error instanceof ApiFailure ? answer.error.status : 0;
  const missing = status === 404 || status === 400;
  const mustLogIn = status === 401 || (!signedIn && !d && !!answer.error);
  useRouteMeta(d?.title ?? (missing ? t('discussion.notFound') : t('discussion.pageTitle')));
  const [dialog, setDialog] = useState<'edit' | 'flag' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);

  async function like() {
    setBusy(true);
    try {
      const res = await connectApi.like(id);
      if (res.ok) await refreshApi('/api/discussion');
      else toast.show({ kind: 'error', message: failureText(t, res, 'discussion.likeFailed') });
    } catch (err) {
      toast.show({ kind: 'error', message: failureText(t, err, 'discussion.likeFailed') });
    }
    setBusy(false);
  }
  async function remove() {
    setBusy(true);
    try {
      const res = await connectApi.remove(id);
      if (res.ok) {
        toast.show({ kind: 'success', message: t('discussion.deleted') });
        await refreshApi('/api/discussion');
        navigate('/connect/discussions');
      } else setDialogError(failureText(t, res, 'discussion.deleteFailed'));
    } catch (err) {
      setDialogError(failureText(t, err, 'discussion.deleteFailed'));
    }
    setBusy(false);
  }

  const back = <Link to="/connect/discussions">{t('discussion.back')}</Link>;
  if (mustLogIn && !signedIn)
    return (
      <div className="container section">
        <h1>{t('discussion.pageTitle')}</h1>
        <p>{t('discussion.loginToRead')}</p>
        <Link className="btn btn-primary" to={loginPath(`/connect/discussions/${id}`)}>
          {t('discussion.logIn')}
        </Link>{' '}
        {back}
      </div>
    );
  if (missing)
    return (
      <div className="container section">
        <h1>{t('discussion.notFound')}</h1>
        <p>{t('discussion.notFoundText')}</p>
        {back}
      </div>
    );
  if (answer.error)
    return (
      <div className="container section">
        <h1>{t('discussion.pageTitle')}</h1>
        <Alert kind="error">
          {failureText(t, answer.error, 'discussion.loadFailed')}{' '}
          <Button variant="secondary" onClick={answer.reload}>
            {t('retry')}
          </Button>
        </Alert>
      </div>
    );
  if (!d)
    return (
      <div className="container section">
        <Spinner label={t('discussion.loading')} />
      </div>
    );

  return (
    <div className="container section discussion-page">
      <p className="breadcrumb">{back}</p>
      <article className="card discussion-post" aria-labelledby="discussion-title">
        <h1 id="discussion-title">{d.title}</h1>
        <div className="discussion-byline">
          <Avatar name={d.createdBy.name} photo="" size={40} />
          <div>
            <strong>{d.createdBy.name}</strong>
            <p className="discussion-meta muted">
              <span className="badge badge-category">{t(`categories.${d.category}`)}</span>
              {d.visibility !== 'Public' && (
                <span className="badge badge-visibility">{t(`visibilities.${d.visibility}`)}</span>
              )}
              <time dateTime={d.createdAt}>{date(d.createdAt)}</time>
              {d.country && <span>{d.country}</span>}
              {d.editedAt && <span>{t('discussion.edited')}</span>}
            </p>
          </div>
        </div>
        {d.hidden && <Alert kind="info">{t('discussion.hiddenNote')}</Alert>}
        <ServerHtml html={d.contentHtml} className="discussion-body" />
        <div className="row discussion-actions">
          <Button variant="secondary" aria-pressed={d.liked} onClick={() => void like()} disabled={busy}>
            {d.liked ? t('discussion.liked') : t('discussion.like')} · {d.likeCount}
          </Button>
          {!d.mine &&
            (d.flagged ? (
              <span className="muted">{t('discussion.youFlagged')}</span>
            ) : (
              <Button variant="ghost" onClick={() => setDialog('flag')}>
                {t('discussion.flag')}
              </Button>
            ))}
          {d.mine && (
            <>
              <Button variant="ghost" onClick={() => setDialog('edit')}>
                {t('discussion.edit')}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setDialogError(null);
                  setDialog('delete');
                }}
              >
                {t('discussion.delete')}
              </Button>
            </>
          )}
        </div>
      </article>

      <section className="replies" aria-labelledby="replies-title">
        <Replies id={d.id} />
        <ReplyForm id={d.id} />
      </section>

      <Modal open={dialog === 'edit'} onClose={() => setDialog(null)} title={t('discussion.editTitle')}>
        <EditDiscussion d={d} onDone={() => setDialog(null)} />
      </Modal>
      <Modal open={dialog === 'flag'} onClose={() => setDialog(null)} title={t('discussion.flagTitle')}>
        <FlagForm id={d.id} onDone={() => setDialog(null)} />
      </Modal>
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('discussion.deleteTitle')}
        message={t('discussion.deleteText')}
        confirmLabel={t('discussion.delete')}
        cancelLabel={t('cancel')}
        busy={busy}
        error={dialogError}
        onConfirm={() => void remove()}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
