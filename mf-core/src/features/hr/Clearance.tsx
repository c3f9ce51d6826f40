import './texts';
import type { StaffMember } from '@platform/svc-core/contract';
import { useTranslation } from '@platform/ui';

/** "cleared to practise (verified licence)", or the same in the error colour when not cleared. */
export function Clearance({ clearance }: { clearance: StaffMember['clearance'] }) {
  const { t } = useTranslation('core');
  return (
    <span className={clearance.cleared ? 'hr-cleared' : 'hr-not-cleared'}>
      {clearance.cleared ? t('hrPage.isCleared') : t('hrPage.isNotCleared')} (
      {t(`hrPage.reason.${clearance.reason}`)})
    </span>
  );
}
