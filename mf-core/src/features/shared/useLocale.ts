import { localeOf, useTranslation } from '@platform/ui';

export function useLocale(): string {
  const { i18n } = useTranslation();
  return localeOf(i18n.language);
}
