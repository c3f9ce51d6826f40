import { useState, type FormEvent } from 'react';
import type { DiscussionView } from '@platform/svc-connect/contract';
import {
  DISCUSSION_CATEGORIES,
  DISCUSSION_VISIBILITIES,
  PROFESSIONS,
  type Profession,
} from '@platform/contracts/values';
import { refreshApi } from '@platform/data';
import {
  Button,
  FormErrors,
  ModalCancel,
  SelectField,
  TextArea,
  TextField,
  useForm,
  useToast,
  useTranslation,
} from '@platform/ui';
import { connectApi } from '../../api';

interface Values {
  title: string;
  category: string;
  visibility: string;
  content: string;
}
type FormError = 'required';

/** Server codes about one field: their text shows beside it. */
const SERVER_FIELDS: Record<string, keyof Values> = {
  'connect.no_organisation': 'visibility',
  'connect.visibility_invalid': 'visibility',
  'connect.roles_required': 'visibility',
  'connect.new_account_link_limit': 'content',
  'connect.invalid_title': 'title',
  'connect.invalid_category': 'category',
  'connect.invalid_visibility': 'visibility',
  'connect.invalid_content': 'content',
};

/**
 * A refused body (400 `request.invalid`) names its field in the message ("body/title must…"): the
 * field's own code, so its text shows at the field.
 */
export function atField<R>(res: R): R {
  const body = (res as { body?: { code?: string; message?: string } }).body;
  if (body?.code !== 'request.invalid') return res;
  const field = /\b(title|category|visibility|visible|roles|content)\b/.exec(body.message ?? '')?.[1];
  if (!field) return res;
  const name = field === 'visible' || field === 'roles' ? 'visibility' : field;
  return { ...res, body: { ...body, code: `connect.invalid_${name}` } };
}

export function validateDiscussion(v: Values): Partial<Record<keyof Values, FormError>> {
  const found: Partial<Record<keyof Values, FormError>> = {};
  for (const key of ['title', 'category', 'visibility', 'content'] as const)
    if (!v[key].trim()) found[key] = 'required';
  return found;
}

/**
 * The spec's "Start a New Discussion": Title*, Category*, Visibility* (with the professions for
 * Role-Based), Content* (Markdown, 6 rows), Cancel and Post Discussion. Inside a `Modal`.
 */
export function NewDiscussion({ onDone }: { onDone(discussion: DiscussionView): void }) {
  const { t } = useTranslation('connect');
  const toast = useToast();
  const f = useForm<Values, FormError>(
    'connect',
    { title: '', category: '', visibility: 'Public', content: '' },
    'newDiscussion.errors',
    { serverFields: SERVER_FIELDS },
  );
  const [roles, setRoles] = useState<Profession[]>([]);
  const [sending, setSending] = useState(false);
  const roleBased = f.form.visibility === 'Role-Based';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.check(validateDiscussion(f.form))) return;
    setSending(true);
    try {
      const res = await connectApi.post({
        title: f.form.title.trim(),
        content: f.form.content,
        category: f.form.category as DiscussionView['category'],
        visibility: f.form.visibility as DiscussionView['visibility'],
        ...(roleBased && roles.length > 0 ? { roles } : {}),
      });
      if (res.ok) {
        toast.show({ kind: 'success', message: t('newDiscussion.posted') });
        await refreshApi('/api/discussion');
        onDone(res.body.data);
      } else f.fail(atField(res), 'newDiscussion.failed');
    } catch (err) {
      f.fail(err, 'newDiscussion.failed');
    }
    setSending(false);
  }

  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormErrors form={f} />
      <TextField label={t('newDiscussion.title')} required maxLength={200} {...f.field('title')} />
      <SelectField
        label={t('newDiscussion.category')}
        required
        {...f.field('category')}
        options={[
          { value: '', label: t('newDiscussion.chooseCategory') },
          ...DISCUSSION_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
        ]}
      />
      <SelectField
        label={t('newDiscussion.visibility')}
        required
        hint={t(`visibilityHints.${f.form.visibility || 'Public'}`)}
        {...f.field('visibility')}
        options={DISCUSSION_VISIBILITIES.map((v) => ({ value: v, label: t(`visibilities.${v}`) }))}
      />
      {roleBased && (
        <fieldset className="roles-field">
          <legend>{t('newDiscussion.roles')}</legend>
          {PROFESSIONS.map((p) => (
            <label key={p} className="check">
              <input
                type="checkbox"
                checked={roles.includes(p)}
                onChange={(e) => setRoles((r) => (e.target.checked ? [...r, p] : r.filter((x) => x !== p)))}
              />{' '}
              {t(`professions.${p}`, { ns: 'ui' })}
            </label>
          ))}
        </fieldset>
      )}
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
        <Button type="submit" loading={sending}>
          {t('newDiscussion.post')}
        </Button>
      </div>
    </form>
  );
}
