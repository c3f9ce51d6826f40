import type { ReactNode } from 'react';
import { Alert, Button, failureText, Spinner, useTranslation } from '@platform/ui';

/**
 * What a panel page shows before its data: a spinner while the first answer is on its way, the failure
 * in the reader's language with Try again (a service not running answers 503: "temporarily
 * unavailable"), then `children` once there is an answer.
 */
export function LoadState({
  loading,
  error,
  onRetry,
  loadingText,
  failedKey,
  children,
}: {
  loading: boolean;
  error: Error | null;
  onRetry(): void;
  loadingText: string;
  /** The page's own failure text (the spec's "Failed to fetch dashboard data"), under the server's. */
  failedKey: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (error) {
    const detail = failureText(t, error, failedKey);
    return (
      <Alert kind="error">
        <strong>{t(failedKey)}</strong> {detail !== t(failedKey) && detail}{' '}
        <Button variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  if (loading) return <Spinner label={loadingText} />;
  return <>{children}</>;
}
