import { useState, type FormEvent } from 'react';
import type { ReplyView } from '@platform/svc-connect/contract';
import { refreshApi } from '@platform/data';
import {
  Avatar,
  Button,
  ConfirmDialog,
  failureText,
  TextArea,
  useDateFormat,
  useToast,
  useTranslation,
} from '@platform/ui';
import { connectApi } from '../../api';
import { ServerHtml } from './Html';

/** One reply: author, date, its sanitised HTML; its author may edit it in place or delete it (asked first). */
export function ReplyItem({ reply, discussionId }: { reply: ReplyView; discussionId: string }) {
  const { t } = useTranslation('connect');
  const toast = useToast();
  const date = useDateFormat();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(reply.content);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => refreshApi(`/api/discussion/${discussionId}`);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError(t('discussion.replyRequired'));
    setBusy(true);
    try {
      const res = await connectApi.editReply(reply.id, text);
      if (res.ok) {
        setEditing(false);
        setError(null);
        toast.show({ kind: 'success', message: t('discussion.replySaved') });
        await refresh();
      } else setError(failureText(t, res, 'discussion.saveFailed'));
    } catch (err) {
      setError(failureText(t, err, 'discussion.saveFailed'));
    }
    setBusy(false);
  }

  async function remove() {
    setBusy(true);
    try {
      const res = await connectApi.removeReply(reply.id);
      if (res.ok) {
        setDeleting(false);
        toast.show({ kind: 'success', message: t('discussion.replyDeleted') });
        await refresh();
      } else setError(failureText(t, res, 'discussion.deleteFailed'));
    } catch (err) {
      setError(failureText(t, err, 'discussion.deleteFailed'));
    }
    setBusy(false);
  }

  return (
    <article className="reply" aria-label={t('discussion.replyBy', { name: reply.createdBy.name })}>
      <div className="reply-head">
        <Avatar name={reply.createdBy.name} photo="" size={32} />
        <strong>{reply.createdBy.name}</strong>
        <time className="muted" dateTime={reply.createdAt}>
          {date(reply.createdAt)}
        </time>
        {reply.editedAt && <span className="muted">{t('discussion.edited')}</span>}
      </div>
      {editing ? (
        <form onSubmit={save} className="stack">
          <TextArea
            label={t('discussion.editReply')}
            rows={4}
            maxLength={20000}
            value={text}
            error={error ?? undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="row">
            <Button type="submit" loading={busy}>
              {t('discussion.save')}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <ServerHtml html={reply.contentHtml} />
      )}
      {reply.mine && !editing && (
        <div className="row reply-actions">
          <Button variant="ghost" onClick={() => setEditing(true)}>
            {t('discussion.edit')}
          </Button>
          <Button variant="ghost" onClick={() => setDeleting(true)}>
            {t('discussion.delete')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting}
        title={t('discussion.deleteReplyTitle')}
        message={t('discussion.deleteReplyText')}
        confirmLabel={t('discussion.delete')}
        cancelLabel={t('cancel')}
        busy={busy}
        error={deleting ? error : null}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      />
    </article>
  );
}
