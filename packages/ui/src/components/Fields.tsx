import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useHydrated } from '../hydrated';

interface FieldChrome {
  label: string;
  error?: string;
  hint?: string;
}

function Chrome({
  id,
  label,
  error,
  hint,
  required,
  children,
}: FieldChrome & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      {/* The asterisk is drawn by CSS: screen readers learn "required" from the input itself. */}
      <label htmlFor={id} className={required ? 'is-required' : undefined}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** On a prerendered page, fields take input once its scripts have arrived (useHydrated). */
const useDisabled = (disabled?: boolean) => {
  const hydrated = useHydrated();
  return disabled || !hydrated;
};

const describedBy = (id: string, error?: string, hint?: string) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export function TextField({
  label,
  error,
  hint,
  id,
  ...rest
}: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fid = id ?? auto;
  const disabled = useDisabled(rest.disabled);
  return (
    <Chrome id={fid} label={label} error={error} hint={hint} required={rest.required}>
      <input
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        {...rest}
        disabled={disabled}
      />
    </Chrome>
  );
}

export function TextArea({
  label,
  error,
  hint,
  id,
  ...rest
}: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const fid = id ?? auto;
  const disabled = useDisabled(rest.disabled);
  return (
    <Chrome id={fid} label={label} error={error} hint={hint} required={rest.required}>
      <textarea
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        {...rest}
        disabled={disabled}
      />
    </Chrome>
  );
}

export function SelectField({
  label,
  error,
  hint,
  id,
  options,
  ...rest
}: FieldChrome &
  SelectHTMLAttributes<HTMLSelectElement> & { options: Array<{ value: string; label: string }> }) {
  const auto = useId();
  const fid = id ?? auto;
  const disabled = useDisabled(rest.disabled);
  return (
    <Chrome id={fid} label={label} error={error} hint={hint} required={rest.required}>
      <select
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        {...rest}
        disabled={disabled}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Chrome>
  );
}
