import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';
import { useHydrated } from '../hydrated';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Disables the button and shows a spinner, for submits in flight. */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  loading = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  // On a prerendered page, pressable once its scripts have arrived (useHydrated).
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || loading || !hydrated}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner label="" inline />}
      {children}
    </button>
  );
}
