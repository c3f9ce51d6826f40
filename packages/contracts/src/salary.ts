/**
 * Salaries as numbers, shared by the services and the browser (no TypeBox here): the lists a job's
 * salary may use, parsing the original free text ("Ksh 80,000 - 120,000"), and money in a locale.
 */

export const CURRENCIES = ['KES'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const SALARY_PERIODS = ['month', 'year', 'day', 'hour'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/** Above any real health-sector pay (Ksh 100 million), below anything that could overflow. */
export const SALARY_MAX = 100_000_000;

export const EXPERIENCE_LEVELS = ['entry', 'mid', 'senior'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

/** The board's orders: newest first (default) or soonest closing first. */
export const JOB_SORTS = ['newest', 'closing'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

export interface Salary {
  min: number | null;
  max: number | null;
  currency: Currency;
  period: SalaryPeriod;
}

/** How currencies are written before the amount (Kenya writes "Ksh", whatever the language). */
const SYMBOLS: Record<Currency, string> = { KES: 'Ksh' };

/**
 * "Ksh 8,000" in en-KE and sw-KE, "Ksh 8 000" in fr-FR (Intl groups French thousands with U+202F,
 * the narrow no-break space), so an amount never breaks across lines.
 */
export function formatAmount(amount: number, currency: Currency, locale: string): string {
  return `${SYMBOLS[currency]}\u00a0${wholeNumbers(locale).format(amount)}`;
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * One formatter per locale, made once: making an Intl.NumberFormat costs far more than using one (on the
 * landing page, a new one per price was a sixth of the hydration's script time on a phone-speed CPU).
 */
function wholeNumbers(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    formats.set(locale, format);
  }
  return format;
}

/**
 * The figures of a salary: "Ksh 80,000 – 120,000", one figure when min = max, or null when it has none
 * (the page says Negotiable). `from`/`upTo` word a range open at one end in the reader's language.
 */
export function salaryFigures(
  s: Salary | null,
  locale: string,
  words: { from(amount: string): string; upTo(amount: string): string },
): string | null {
  if (!s || (s.min === null && s.max === null)) return null;
  const money = (n: number) => formatAmount(n, s.currency, locale);
  if (s.min !== null && s.max !== null) {
    if (s.min === s.max) return money(s.min);
    return `${money(s.min)} - ${wholeNumbers(locale).format(s.max)}`;
  }
  return s.min !== null ? words.from(money(s.min)) : words.upTo(money(s.max!));
}

const PERIOD_WORDS: Record<SalaryPeriod, string> = {
  month: '',
  year: ' per year',
  day: ' per day',
  hour: ' per hour',
};

/** The English text the original API's `salaryRange` carries, e.g. "Ksh 80,000 - 120,000" (monthly). */
export function salaryText(s: Salary | null): string {
  const figures = salaryFigures(s, 'en-KE', {
    from: (a) => `from ${a}`,
    upTo: (a) => `up to ${a}`,
  });
  return figures ? `${figures.replace(/\u00a0/g, ' ')}${PERIOD_WORDS[s!.period]}` : '';
}

// An amount: digits with optional thousands commas or spaces, optionally "k" (thousands).
const AMOUNT = String.raw`(\d{1,3}(?:[,\s]\d{3})+|\d+)(?:\s*(k))?`;
const CURRENCY = String.raw`(?:ksh\.?|kes|kshs\.?)`;
const PERIOD = String.raw`(?:(?:per|a|\/|p\.?)\s*(month|year|day|hour|annum|m|y|d|h)\b\.?|(monthly|yearly|annually|daily|hourly))?`;
const SALARY_TEXT = new RegExp(
  String.raw`^\s*${CURRENCY}?\s*${AMOUNT}\s*(?:(?:-|–|to)\s*${CURRENCY}?\s*${AMOUNT})?\s*${CURRENCY}?\s*${PERIOD}\s*$`,
  'i',
);

const PERIOD_OF: Record<string, SalaryPeriod> = {
  month: 'month',
  m: 'month',
  monthly: 'month',
  year: 'year',
  annum: 'year',
  y: 'year',
  yearly: 'year',
  annually: 'year',
  day: 'day',
  d: 'day',
  daily: 'day',
  hour: 'hour',
  h: 'hour',
  hourly: 'hour',
};

const amountOf = (digits: string, k: string | undefined) =>
  Number(digits.replace(/[,\s]/g, '')) * (k ? 1000 : 1);

/**
 * The salary in the original free text: "Ksh 80,000 - 120,000", "80000-120000 KES", "KES 50k",
 * "Ksh 2,000 per day"; shillings and per month unless it says otherwise. Null when the text is not
 * one of these (another currency, words, a reversed or absurd range): such a job shows Negotiable.
 */
export function parseSalaryText(text: string): Salary | null {
  const m = SALARY_TEXT.exec(text);
  if (!m) return null;
  const [, lo, loK, hi, hiK, periodWord, periodAdverb] = m;
  const min = amountOf(lo!, loK);
  const max = hi ? amountOf(hi, hiK) : min;
  if (min > max || max > SALARY_MAX) return null;
  const period = PERIOD_OF[(periodWord ?? periodAdverb ?? 'month').toLowerCase()] ?? 'month';
  return { min, max, currency: 'KES', period };
}
