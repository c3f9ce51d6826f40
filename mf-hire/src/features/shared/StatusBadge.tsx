import type { ApplicationStatus } from '@platform/contracts/values';
import { useTranslation } from '@platform/ui';

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('hire');
  return <span className={`badge status status-${status}`}>{t(`status.${status}`)}</span>;
}
