import { useId, type ChangeEvent } from 'react';
import { Spinner } from '@platform/ui';

/**
 * A file input with its label, its hint or error (described by, announced) and a spinner while the chosen
 * file is sent: the one way /hr asks for a file (a licence's scan, a compliance document, a policy PDF).
 */
export function FileField(p: {
  label: string;
  accept: string;
  hint: string;
  error: string | null;
  busy: boolean;
  busyLabel: string;
  onChoose(e: ChangeEvent<HTMLInputElement>): void;
}) {
  const id = useId();
  return (
    <div className={`field${p.error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{p.label}</label>
      <input
        id={id}
        type="file"
        accept={p.accept}
        onChange={p.onChoose}
        disabled={p.busy}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-error` : `${id}-hint`}
      />
      {p.error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {p.error}
        </p>
      ) : (
        <p className="field-hint" id={`${id}-hint`}>
          {p.hint}
        </p>
      )}
      {p.busy && <Spinner label={p.busyLabel} />}
    </div>
  );
}
