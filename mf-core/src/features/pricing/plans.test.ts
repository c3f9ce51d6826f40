import { CARD_FEATURES, PLANS, formatKsh } from './plans';
import en from '../../locales/en.json';

describe('plans', () => {
  it('has the three monthly plans in Ksh with Professional marked popular', () => {
    expect(PLANS.map((p) => [p.id, p.price])).toEqual([
      ['essential', 8000],
      ['professional', 15000],
      ['enterprise', 25000],
    ]);
    expect(PLANS.filter((p) => p.isPopular).map((p) => p.id)).toEqual(['professional']);
  });

  it('has more features than a card shows, for every plan', () => {
    for (const p of PLANS) expect(en.pricing.plans[p.id].features.length).toBeGreaterThan(CARD_FEATURES);
  });

  // Changed on purpose: French prices read "Ksh 15 000" like every other amount, not "15 000 KES".
  it('formats shillings for each language with the platform helper', () => {
    expect(formatKsh(8000, 'en')).toBe('Ksh\u00a08,000');
    expect(formatKsh(15000, 'fr')).toBe('Ksh\u00a015\u202f000');
  });
});
