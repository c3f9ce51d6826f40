import { useState } from 'react';
import { refreshApi, useApiQuery } from '@platform/data';
import { Alert, Button, Modal, failureText, useToast, useTranslation } from '@platform/ui';
import { adminApi, type BlogPost } from '../../api';
import { LoadState } from '../shared/LoadState';
import { useDateTime } from '../shared/use-dates';
import { scrollable } from '../shared/scrollable';

/** A post's saved versions, newest first; Restore makes an earlier one current (itself a new version). */
export function BlogVersions({ post, onClose }: { post: BlogPost; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { show } = useToast();
  const versions = useApiQuery(adminApi.blogVersions(post.id));
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const when = useDateTime();
  async function restore(version: number) {
    setBusy(version);
    setError(null);
    try {
      const res = await adminApi.restoreBlog(post.id, version);
      if (res.ok) {
        show({ kind: 'success', message: t('blog.restored', { version }) });
        onClose();
        await refreshApi('/api/blog');
        return;
      }
      setError(failureText(t, res, 'blog.restoreFailed'));
    } catch (err) {
      setError(failureText(t, err, 'blog.restoreFailed'));
    }
    setBusy(null);
  }
  return (
    <Modal open onClose={onClose} title={t('blog.versionsOf', { title: post.name })}>
      {error && <Alert kind="error">{error}</Alert>}
      <LoadState
        loading={versions.loading}
        error={versions.error}
        onRetry={versions.reload}
        loadingText={t('blog.loadingVersions')}
        failedKey="blog.versionsFailed"
      >
        <div className="admin-table-wrap" {...scrollable(t('blog.versionsOf', { title: post.name }))}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('blog.version')}</th>
                <th scope="col">{t('blog.saved')}</th>
                <th scope="col">{t('blog.title')}</th>
                <th scope="col">{t('blog.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('users.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(versions.data?.data ?? []).map((v, i) => (
                <tr key={v.version}>
                  <th scope="row">{v.version}</th>
                  <td>{when(v.savedAt)}</td>
                  <td>{v.name}</td>
                  <td>{t(`blog.statuses.${v.status}`)}</td>
                  <td>
                    {i === 0 ? (
                      <span className="muted">{t('blog.current')}</span>
                    ) : (
                      <Button
                        variant="secondary"
                        loading={busy === v.version}
                        disabled={busy !== null}
                        aria-label={t('blog.restoreVersion', { version: v.version })}
                        onClick={() => void restore(v.version)}
                      >
                        {t('blog.restore')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LoadState>
    </Modal>
  );
}
