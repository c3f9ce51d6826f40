import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { PHOTO_MAX_BYTES } from '@platform/contracts/values';
import { refreshApi } from '@platform/data';
import { Avatar, Button, failureText, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';

/** What the server takes; checked here only to answer at once (the server decides by the content). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** A chosen file as a `data:` address: the page's CSP lets images come from data, not from blob URLs. */
const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * The profile's photo, apart from the profile form: the current one (or the name's initial), a file chosen
 * and previewed before it is sent, saved (`PUT /api/user/me/photo`) or cancelled, and removal. Every outcome
 * is said in a live region, and focus never falls off the page.
 */
export function ProfilePhoto({ name, photo }: { name: string; photo: string }) {
  const { t } = useTranslation('core');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  // After a save or removal the button pressed is gone: focus goes to the file field, once it is enabled.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || busy !== null) return;
    input.current?.focus();
    setRefocus(false);
  }, [refocus, busy]);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    // The same file may be chosen again after an error or a cancel.
    e.target.value = '';
    setError(null);
    setStatus('');
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setError(t('profile.photo.notImage'));
    if (file.size > PHOTO_MAX_BYTES) return setError(t('profile.photo.tooLarge'));
    setChosen({ file, preview: await readAsDataUrl(file) });
    setStatus(t('profile.photo.previewReady'));
  }

  async function run(kind: 'save' | 'remove') {
    setBusy(kind);
    setError(null);
    setStatus('');
    try {
      const res = kind === 'save' ? await coreApi.uploadPhoto(chosen!.file) : await coreApi.removePhoto();
      if (res.ok) {
        setChosen(null);
        await refreshApi('/api/user/me');
        setStatus(t(kind === 'save' ? 'profile.photo.saved' : 'profile.photo.removed'));
        setRefocus(true);
      } else setError(failureText(t, res, 'profile.photo.failed'));
    } catch (caught) {
      setError(failureText(t, caught as never, 'profile.photo.failed'));
    }
    setBusy(null);
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <section className="profile-photo" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="profile-photo-title">
        {t('profile.photo.title')}
      </h2>
      <div className="row">
        {chosen ? (
          <img
            className="avatar"
            src={chosen.preview}
            alt={t('profile.photo.preview')}
            width={96}
            height={96}
          />
        ) : (
          <Avatar name={name} photo={photo} size={96} alt={t('profile.photo.current')} />
        )}
        {!chosen && !photo && <p className="muted">{t('profile.photo.none')}</p>}
      </div>
      <div className={`field${error ? ' has-error' : ''}`}>
        <label htmlFor={id}>{t(photo ? 'profile.photo.replace' : 'profile.photo.choose')}</label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={(e) => void choose(e)}
          disabled={busy !== null}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        />
        <p className="field-hint" id={hintId}>
          {t('profile.photo.hint')}
        </p>
        {error && (
          <p className="field-error" id={errorId} role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="row">
        {chosen && (
          <>
            <Button loading={busy === 'save'} onClick={() => void run('save')}>
              {t('profile.photo.save')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy !== null}
              onClick={() => {
                setChosen(null);
                setStatus('');
                input.current?.focus();
              }}
            >
              {t('profile.photo.cancel')}
            </Button>
          </>
        )}
        {!chosen && photo && (
          <Button variant="secondary" loading={busy === 'remove'} onClick={() => void run('remove')}>
            {t('profile.photo.remove')}
          </Button>
        )}
      </div>
      {/* Outcomes are announced where the person is (errors assertively, above). */}
      <p role="status" className="muted">
        {status}
      </p>
    </section>
  );
}
