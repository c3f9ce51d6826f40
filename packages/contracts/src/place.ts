/**
 * A person's town and country, read from a postal address as one line ("12 Oginga Odinga St, Kisumu,
 * Kenya") and written back as one (the spec's single `address`). Country names are the runtime's own
 * (Intl.DisplayNames, CLDR) in English, French and Kiswahili, so "Tanzanie" and "Tanzania" are one country;
 * the English name is the one kept, so the directory's Country filter counts them together.
 */
const LANGUAGES = ['en', 'fr', 'sw'] as const;
// Codes DisplayNames names that are not countries (groupings, the unknown region, pseudo-locales).
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB']);

let names: Map<string, string> | undefined;

/** Every country's name in each language, lower-cased, to its English name. */
function countryNames(): Map<string, string> {
  if (names) return names;
  names = new Map();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const displays = LANGUAGES.map((l) => new Intl.DisplayNames([l], { type: 'region', fallback: 'none' }));
  for (const a of letters)
    for (const b of letters) {
      const code = a + b;
      if (NOT_COUNTRIES.has(code)) continue;
      const english = displays[0]!.of(code);
      if (!english) continue;
      for (const d of displays) {
        const name = d.of(code);
        if (name) names.set(name.toLowerCase(), english);
      }
    }
  return names;
}

/** The English name of the country `text` names (in English, French or Kiswahili), else undefined. */
export function countryOf(text: string): string | undefined {
  const key = text.trim().toLowerCase();
  return key ? countryNames().get(key) : undefined;
}

/** A country as typed, kept as its English name when it is one the runtime knows. */
export const normaliseCountry = (text: string) => countryOf(text) ?? text.trim();

/**
 * The town and country an address gives: the country when its last part names one (the town then the
 * part before it), else the first part as the town and no country.
 */
export function placeOf(address: string): { town: string; country: string } {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { town: '', country: '' };
  const country = countryOf(parts.at(-1)!);
  if (country) return { town: parts.length > 1 ? parts.at(-2)! : '', country };
  return { town: parts[0]!, country: '' };
}

/** One line for the spec's `address` from a town and a country ("Kisumu, Kenya"). */
export const addressOf = (town: string, country: string) =>
  [town.trim(), country.trim()].filter(Boolean).join(', ');
