import { useTranslation } from 'react-i18next';
import { localeOf } from '@platform/ui';

export function useLocale(): string {
  const { i18n } = useTranslation();
  return localeOf(i18n.language);
}
