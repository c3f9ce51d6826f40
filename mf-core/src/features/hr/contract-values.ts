/** The currencies a contract's salary is in (the service's `CONTRACT_CURRENCIES`; kept here: the contract's values would bring TypeBox). */
export const CURRENCIES = ['KES', 'UGX', 'TZS', 'RWF', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
