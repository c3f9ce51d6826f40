import {
  formatAmount,
  salaryFigures,
  type Currency,
  type Salary,
  type SalaryPeriod,
} from '@platform/contracts/values';
import { localeOf } from './i18n';
import { useTranslation } from './use-translation';

/**
 * An amount in the reader's language: "Ksh 8,000" in English and Kiswahili, "Ksh 8 000" in French
 * (grouped with U+202F, the narrow no-break space Intl writes for French). Every page shows money
 * through this, so prices and salaries read alike.
 */
export function formatMoney(amount: number, currency: Currency, language: string): string {
  return formatAmount(amount, currency, localeOf(language));
}

/** The words around a salary's figures, in the reader's language. */
export interface SalaryWords {
  negotiable: string;
  from(amount: string): string;
  upTo(amount: string): string;
  per(period: SalaryPeriod): string;
}

/** "Ksh 80,000 - 120,000 per month", "from Ksh 80,000 per month", or "Negotiable" with no figures. */
export function formatSalary(salary: Salary | null, language: string, words: SalaryWords): string {
  const figures = salaryFigures(salary, localeOf(language), words);
  return figures ? `${figures} ${words.per(salary!.period)}` : words.negotiable;
}

/** formatSalary in the page's language, with the ui namespace's words. */
export function useSalaryFormat(): (salary: Salary | null) => string {
  const { t, i18n } = useTranslation('ui');
  const words: SalaryWords = {
    negotiable: t('money.negotiable'),
    from: (amount) => t('money.from', { amount }),
    upTo: (amount) => t('money.upTo', { amount }),
    per: (period) => t(`money.per.${period}`),
  };
  return (salary) => formatSalary(salary, i18n.language, words);
}
