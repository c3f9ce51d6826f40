import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';

/**
 * The state above a paged list (the job board, the events list): the error with a retry, a spinner while the
 * first answer is on its way, then the count of matches ("more than" when the total is capped). Each page
 * gives its own texts; `children` renders once there is an answer.
 */
export function ListStatus({
  error,
  loaded,
  pageInfo,
  onRetry,
  texts,
  children,
}: {
  error: string | undefined | null;
  loaded: boolean;
  pageInfo: { total: number; totalCapped: boolean } | undefined;
  onRetry(): void;
  texts: { retry: string; loading: string; count(total: number, capped: boolean): string };
  children?: ReactNode;
}) {
  return (
    <>
      {error && (
        <Alert kind="error">
          {error}{' '}
          <Button variant="secondary" onClick={onRetry}>
            {texts.retry}
          </Button>
        </Alert>
      )}
      {!loaded && !error && <Spinner label={texts.loading} />}
      {loaded && pageInfo && (
        <>
          <p className="result-count" role="status">
            {texts.count(pageInfo.total, pageInfo.totalCapped)}
          </p>
          {children}
        </>
      )}
    </>
  );
}
