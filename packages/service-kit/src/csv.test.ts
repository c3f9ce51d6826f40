import { csvCell, toCsv } from './csv';

describe('CSV for spreadsheets', () => {
  it.each(['=HYPERLINK("https://evil.example")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])(
    'neutralises a cell a spreadsheet would read as a formula: %j',
    (cell) => expect(csvCell(cell)).toBe(`"'${cell.replace(/"/g, '""')}"`),
  );

  it('quotes every cell, doubles quotes, and starts the file with a BOM and ends lines with CRLF', () => {
    expect(
      toCsv([
        ['Name', 'Note'],
        ['Amina "A."', null],
        [1, 'ok'],
      ]),
    ).toBe('\uFEFF"Name","Note"\r\n"Amina ""A.""",""\r\n"1","ok"\r\n');
  });
});
