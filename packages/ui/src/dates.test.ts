import { dateTimeFormat, prepareDateFormats } from './dates';

describe('prepareDateFormats', () => {
  afterEach(() => jest.restoreAllMocks());

  it("makes the very format a page's dates are written with, so their first render makes none", () => {
    prepareDateFormats('fr');
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const format = dateTimeFormat('fr-FR', { dateStyle: 'medium' });
    expect(made).not.toHaveBeenCalled();
    expect(format.format(new Date(2026, 10, 26))).toBe('26 nov. 2026');
  });
});
