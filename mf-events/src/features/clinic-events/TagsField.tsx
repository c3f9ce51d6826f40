import { useId, useState, type KeyboardEvent } from 'react';
import { Button, TextField, useTranslation } from '@platform/ui';
import { addTag } from './event-form';

/**
 * Tags as chips: typed, then added with Add or Enter (only when not empty and not there yet), each removed
 * with its own button. What changed is announced, since a chip appearing says nothing to a screen reader.
 */
export function TagsField({ tags, onChange }: { tags: string[]; onChange(tags: string[]): void }) {
  const { t } = useTranslation('events');
  const [typed, setTyped] = useState('');
  const [said, setSaid] = useState('');
  const inputId = useId();

  function add() {
    const next = addTag(tags, typed);
    if (next !== tags) {
      onChange(next);
      setSaid(t('form.tagAdded', { tag: next[next.length - 1] }));
    } else if (typed.trim()) setSaid(t('form.tagNotAdded', { tag: typed.trim() }));
    setTyped('');
  }
  function remove(tag: string) {
    onChange(tags.filter((x) => x !== tag));
    setSaid(t('form.tagRemoved', { tag }));
    document.getElementById(inputId)?.focus();
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the tag instead of sending the form.
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  return (
    <fieldset>
      <legend>{t('form.tags')}</legend>
      {tags.length > 0 && (
        <ul className="tags" aria-label={t('form.tagsChosen')}>
          {tags.map((tag) => (
            <li key={tag}>
              {tag}
              <button
                type="button"
                className="icon-btn"
                aria-label={t('form.removeTag', { tag })}
                onClick={() => remove(tag)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="tag-input">
        <TextField
          id={inputId}
          label={t('form.newTag')}
          hint={t('form.tagsHint')}
          maxLength={40}
          value={typed}
          disabled={tags.length >= 12}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={add} disabled={tags.length >= 12}>
          {t('form.addTag')}
        </Button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </fieldset>
  );
}
