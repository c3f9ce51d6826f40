import { COUNCILS } from '../src/councils/councils';
import { clearanceOf, requiredCouncils, statusOn, type HeldCredential } from '../src/domain/clearance';
import { suggestedExpiry } from '../src/domain/renewal';

const councils = COUNCILS.map((c) => ({ ...c, id: c.code }));
const TODAY = '2026-06-15';
const licence = (over: Partial<HeldCredential> = {}): HeldCredential => ({
  councilId: 'ke-nck',
  expiresOn: '2027-03-31',
  verified: true,
  revoked: false,
  renewedBy: null,
  ...over,
});
const nurseInKenya = { profession: 'Nurse' as const, country: 'KE' };

describe('the councils shipped as data', () => {
  it("has Kenya's five and the main councils of Uganda, Tanzania and Rwanda, each code once", () => {
    const codes = COUNCILS.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(COUNCILS.filter((c) => c.country === 'KE').map((c) => c.abbreviation)).toEqual([
      'KMPDC',
      'NCK',
      'COC',
      'PPB',
      'KMLTTB',
    ]);
    for (const country of ['UG', 'TZ', 'RW'])
      expect(requiredCouncils(councils, country, 'Doctor').length).toBeGreaterThan(0);
    for (const country of ['UG', 'TZ', 'RW'])
      expect(requiredCouncils(councils, country, 'Nurse').length).toBeGreaterThan(0);
  });

  it('gives each a public register address and a cycle that is stated or left to the council', () => {
    for (const council of COUNCILS) {
      expect(new URL(council.registerUrl).protocol).toBe('https:');
      if (council.renewal.endsOn) expect(council.renewal.months).toBe(12);
    }
    expect(COUNCILS.find((c) => c.code === 'ke-kmpdc')?.renewal).toEqual({
      months: 12,
      endsOn: { month: 12, day: 31 },
    });
    expect(COUNCILS.find((c) => c.code === 'ke-nck')?.renewal.months).toBe(36);
  });

  it('suggests an expiry: the fixed 31 December, three years less a day, or nothing when the council sets it', () => {
    const cycle = (code: string) => COUNCILS.find((c) => c.code === code)!.renewal;
    expect(suggestedExpiry(cycle('ke-kmpdc'), '2026-03-10')).toBe('2026-12-31');
    expect(suggestedExpiry(cycle('ke-kmpdc'), '2026-12-31')).toBe('2026-12-31');
    expect(suggestedExpiry(cycle('ke-nck'), '2026-03-10')).toBe('2029-03-09');
    expect(suggestedExpiry(cycle('ke-nck'), '2024-02-29')).toBe('2027-02-27');
    expect(suggestedExpiry(cycle('ke-kmlttb'), '2026-03-10')).toBeNull();
  });
});

describe('cleared to practise', () => {
  it('is cleared with an in-date licence from a council of their country for their profession', () => {
    expect(clearanceOf(nurseInKenya, [licence()], councils, TODAY)).toEqual({
      cleared: true,
      reason: 'valid',
    });
    expect(clearanceOf(nurseInKenya, [licence({ verified: false })], councils, TODAY)).toEqual({
      cleared: true,
      reason: 'unverified',
    });
  });

  it('is not cleared when the required licence is missing, expired or revoked', () => {
    expect(clearanceOf(nurseInKenya, [], councils, TODAY)).toEqual({ cleared: false, reason: 'missing' });
    expect(clearanceOf(nurseInKenya, [licence({ expiresOn: '2026-06-14' })], councils, TODAY)).toEqual({
      cleared: false,
      reason: 'expired',
    });
    expect(clearanceOf(nurseInKenya, [licence({ revoked: true })], councils, TODAY)).toEqual({
      cleared: false,
      reason: 'revoked',
    });
  });

  it('is still cleared on the expiry day itself, and not the day after', () => {
    expect(clearanceOf(nurseInKenya, [licence({ expiresOn: TODAY })], councils, TODAY).cleared).toBe(true);
    expect(clearanceOf(nurseInKenya, [licence({ expiresOn: '2026-06-14' })], councils, TODAY).cleared).toBe(
      false,
    );
  });

  it("does not count another council's licence, nor another country's council", () => {
    // A nurse holding only a KMPDC licence, or only Uganda's nursing licence, working in Kenya.
    expect(clearanceOf(nurseInKenya, [licence({ councilId: 'ke-kmpdc' })], councils, TODAY).reason).toBe(
      'missing',
    );
    expect(clearanceOf(nurseInKenya, [licence({ councilId: 'ug-unmc' })], councils, TODAY).reason).toBe(
      'missing',
    );
  });

  it('lets an in-date renewal clear them while the old licence reads expired', () => {
    const old = licence({ expiresOn: '2026-03-31', renewedBy: 'new' });
    expect(clearanceOf(nurseInKenya, [old, licence({ verified: false })], councils, TODAY)).toEqual({
      cleared: true,
      reason: 'unverified',
    });
  });

  it('needs no licence of someone whose profession no council licenses, or who has none', () => {
    expect(clearanceOf({ profession: 'Other', country: 'KE' }, [], councils, TODAY)).toEqual({
      cleared: true,
      reason: 'not-regulated',
    });
    expect(clearanceOf({ profession: null, country: 'KE' }, [], councils, TODAY).cleared).toBe(true);
  });

  it('reads a status from the stored facts on the given day', () => {
    expect(statusOn(licence({ revoked: true, expiresOn: '2020-01-01' }), TODAY)).toBe('revoked');
    expect(statusOn(licence({ expiresOn: '2026-06-14' }), TODAY)).toBe('expired');
    expect(statusOn(licence(), TODAY)).toBe('verified');
    expect(statusOn(licence({ verified: false }), TODAY)).toBe('unverified');
  });
});
