import { useState } from 'react';
import { refreshApi, useApiQuery } from '@platform/data';
import {
  Button,
  ConfirmDialog,
  Pager,
  failureText,
  dateTimeFormat,
  localeOf,
  useToast,
  useTranslation,
  type Language,
  sanitizeHtml,
} from '@platform/ui';
import { adminApi, type BlogPost } from '../../api';
import { AdminFrame } from '../layout/AdminFrame';
import { LoadState } from '../shared/LoadState';
import { useDateTime } from '../shared/use-dates';
import { BlogForm } from './BlogForm';
import { BlogVersions } from './BlogVersions';

const LIMIT = 10;

/** The first words of a post, as plain text (the list's content preview). */
function previewOf(html: string): string {
  const div = document.createElement('div');
  div.innerHTML = sanitizeHtml(html);
  const text = (div.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > 150 ? `${text.slice(0, 150)}…` : text;
}

/**
 * /admin/blog: the spec's tiles (Total blogs, Last updated, Recently edited), the posts with drafts
 * marked, New blog / Edit blog in a modal, each post's versions with restore, and delete (asked first).
 */
export default function BlogPage() {
  return (
    <AdminFrame section="blog">
      <Blog />
    </AdminFrame>
  );
}

function Blog() {
  const { t, i18n } = useTranslation('admin');
  const { show } = useToast();
  const [page, setPage] = useState(1);
  const list = useApiQuery(adminApi.blogs(page, LIMIT));
  const [editing, setEditing] = useState<BlogPost | 'new' | null>(null);
  const [history, setHistory] = useState<BlogPost | null>(null);
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const locale = localeOf(i18n.language as Language);
  const day = dateTimeFormat(locale, { dateStyle: 'medium' });
  const when = useDateTime();

  async function remove(post: BlogPost) {
    setBusy(true);
    setDeleteError(null);
    try {
      const res = await adminApi.deleteBlog(post.id);
      if (res.ok) {
        show({ kind: 'success', message: t('blog.deleted', { title: post.name }) });
        setDeleting(null);
        setBusy(false);
        await refreshApi('/api/blog');
        return;
      }
      setDeleteError(failureText(t, res, 'blog.deleteFailed'));
    } catch (err) {
      setDeleteError(failureText(t, err, 'blog.deleteFailed'));
    }
    setBusy(false);
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.pageInfo.total / data.pageInfo.limit)) : 1;
  return (
    <>
      <LoadState
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
        loadingText={t('blog.loading')}
        failedKey="blog.failed"
      >
        {data && (
          <>
            <dl className="admin-tiles" aria-label={t('blog.tiles')}>
              <div className="admin-tile card">
                <dt>{t('blog.total')}</dt>
                <dd>{data.stats.total}</dd>
              </div>
              <div className="admin-tile card">
                <dt>{t('blog.lastUpdated')}</dt>
                <dd>{data.stats.lastUpdated ? day.format(new Date(data.stats.lastUpdated)) : t('na')}</dd>
              </div>
              <div className="admin-tile card">
                <dt>{t('blog.recentlyEdited')}</dt>
                <dd>
                  {data.stats.recentlyEdited}
                  {data.stats.lastUpdated && (
                    <small>{t('blog.lastAt', { time: when(data.stats.lastUpdated) })}</small>
                  )}
                </dd>
              </div>
            </dl>
            <div className="admin-toolbar">
              <Button onClick={() => setEditing('new')}>{t('blog.new')}</Button>
            </div>
            {data.data.length === 0 ? (
              <div className="card center">
                <p>{t('blog.none')}</p>
                <Button onClick={() => setEditing('new')}>{t('blog.create')}</Button>
              </div>
            ) : (
              <ul className="admin-list">
                {data.data.map((post) => (
                  <li key={post.id}>
                    <article className="card" aria-labelledby={`post-${post.id}`}>
                      <h2 id={`post-${post.id}`}>{post.name}</h2>
                      <p className="muted">
                        <span className={`badge ${post.status === 'draft' ? 'badge-unread' : 'badge-ok'}`}>
                          {t(`blog.statuses.${post.status}`)}
                        </span>{' '}
                        {t('blog.updatedAt', { time: when(post.updatedAt) })}
                        {post.status === 'published' && (
                          <>
                            {' · '}
                            <a href={`/blog/${post.slug}`} target="_blank" rel="noopener">
                              {t('blog.view')}
                            </a>
                          </>
                        )}
                      </p>
                      <p>{previewOf(post.data)}</p>
                      <div className="admin-actions">
                        <Button
                          variant="secondary"
                          aria-label={t('blog.editPost', { title: post.name })}
                          onClick={() => setEditing(post)}
                        >
                          {t('content.edit')}
                        </Button>
                        <Button
                          variant="secondary"
                          aria-label={t('blog.versionsOf', { title: post.name })}
                          onClick={() => setHistory(post)}
                        >
                          {t('blog.versions')}
                        </Button>
                        <Button
                          variant="secondary"
                          aria-label={t('blog.deletePost', { title: post.name })}
                          onClick={() => {
                            setDeleteError(null);
                            setDeleting(post);
                          }}
                        >
                          {t('blog.delete')}
                        </Button>
                      </div>
                    </article>
                  </li>
                ))}
              </ul>
            )}
            <Pager page={page} pages={pages} onPage={setPage} label={t('blog.pages')} />
          </>
        )}
      </LoadState>
      {editing && <BlogForm post={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {history && <BlogVersions post={history} onClose={() => setHistory(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          title={t('blog.deleteTitle')}
          message={t('blog.deleteMessage', { title: deleting.name })}
          confirmLabel={t('blog.delete')}
          cancelLabel={t('cancel')}
          busy={busy}
          error={deleteError}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
