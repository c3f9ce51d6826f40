import { useState } from 'react';
import { refreshApi } from '@platform/data';
import {
  Button,
  FormErrors,
  Modal,
  ModalCancel,
  SelectField,
  TextField,
  useForm,
  useToast,
  useTranslation,
  SafeHtml,
} from '@platform/ui';
import { BLOG_STATUSES, adminApi, type BlogPost, type BlogStatus } from '../../api';
import { RichTextEditor } from '../shared/RichTextEditor';

type Fields = { name: string; data: string; status: BlogStatus };

/**
 * The spec's 'New Blog' / 'Edit Blog' modal: Title and Content (in the rich-text editor, previewed as readers will see it),
 * Draft or Published, then Create Blog / Update Blog. Both fields are required; every save is a version.
 */
export function BlogForm({ post, onClose }: { post: BlogPost | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { show } = useToast();
  const form = useForm<Fields, 'required'>(
    'admin',
    post
      ? { name: post.name, data: post.data, status: post.status }
      : { name: '', data: '', status: 'draft' },
    'blog.errors',
  );
  const [busy, setBusy] = useState(false);
  const content = form.field('data');
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const { name, data, status } = form.form;
    const found: Partial<Record<keyof Fields, 'required'>> = {};
    if (!name.trim()) found.name = 'required';
    if (!data.trim()) found.data = 'required';
    if (!form.check(found)) return;
    setBusy(true);
    const fallback = post ? 'blog.updateFailed' : 'blog.addFailed';
    try {
      const body = { name: name.trim(), data, status };
      const res = post ? await adminApi.updateBlog(post.id, body) : await adminApi.addBlog(body);
      if (res.ok) {
        show({ kind: 'success', message: t(post ? 'blog.updated' : 'blog.added', { title: body.name }) });
        form.reset(form.form);
        onClose();
        await refreshApi('/api/blog');
        return;
      }
      form.fail(res, fallback);
    } catch (err) {
      form.fail(err, fallback);
    }
    setBusy(false);
  }
  return (
    <Modal open onClose={onClose} title={t(post ? 'blog.editTitle' : 'blog.newTitle')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="stack">
        <FormErrors form={form} />
        <TextField label={t('blog.title')} required maxLength={200} {...form.field('name')} />
        <RichTextEditor
          label={t('blog.content')}
          hint={t('blog.contentHint')}
          required
          {...content}
          onChange={(html) => content.onChange({ target: { value: html } })}
        />
        <SelectField
          label={t('blog.status')}
          {...form.field('status')}
          options={BLOG_STATUSES.map((s) => ({ value: s, label: t(`blog.statuses.${s}`) }))}
        />
        {form.form.data.trim() && (
          <div>
            <h3 className="muted">{t('content.preview')}</h3>
            <div className="admin-preview" role="region" aria-label={t('blog.preview')}>
              <SafeHtml html={form.form.data} />
            </div>
          </div>
        )}
        <div className="row confirm-actions">
          <ModalCancel>{t('cancel')}</ModalCancel>
          <Button type="submit" loading={busy}>
            {t(post ? 'blog.update' : 'blog.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
