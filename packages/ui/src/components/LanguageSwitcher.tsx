import { useTranslation } from '../use-translation';
import { useHydrated } from '../hydrated';
import { LANGUAGES, useLanguage, type Language } from '@platform/shell-state';

export function LanguageSwitcher() {
  const { t } = useTranslation('ui');
  const { language, setLanguage } = useLanguage();
  // A choice made before the page's scripts arrive would be lost: usable once hydrated.
  const hydrated = useHydrated();
  return (
    <label className="lang-switcher">
      <span className="visually-hidden">{t('language')}</span>
      <select value={language} disabled={!hydrated} onChange={(e) => setLanguage(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
