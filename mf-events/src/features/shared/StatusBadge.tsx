import type { RegistrationStatus } from '@platform/contracts/values';
import { useTranslation } from '@platform/ui';

/** A registration's status as a badge; a waiting-list place says its number. */
export function StatusBadge({ status, position }: { status: RegistrationStatus; position?: number | null }) {
  const { t } = useTranslation('events');
  return (
    <span className={`badge badge-${status === 'cancelled' ? 'muted' : status}`}>
      {status === 'waitlisted' && position ? t('status.waitlistedAt', { position }) : t(`status.${status}`)}
    </span>
  );
}
