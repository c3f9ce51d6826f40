import { printable } from './pdf-text';

/** A font that, like pdf-lib's standard ones, refuses what WinAnsi cannot encode. */
const winAnsiOnly = {
  encodeText(text: string) {
    if (/[^\u0020-\u00ff]/u.test(text)) throw new Error(`cannot encode ${text}`);
    return text;
  },
};

it('keeps what the font encodes and prints a ? for each character it cannot', () => {
  expect(printable(winAnsiOnly, 'Clinique Sainte-Thérèse')).toBe('Clinique Sainte-Thérèse');
  expect(printable(winAnsiOnly, 'Afya 診療所 🏥')).toBe('Afya ??? ?');
});
