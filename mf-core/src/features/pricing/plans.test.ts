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

  it('formats shillings for each language', () => {
    expect(formatKsh(8000, 'en-KE').replace(/\s/g, ' ')).toBe('Ksh 8,000');
    expect(formatKsh(15000, 'fr-FR').replace(/\s/g, ' ')).toBe('15 000 KES');
  });
});
