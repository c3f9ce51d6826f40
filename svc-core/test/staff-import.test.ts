import {
  MAX_IMPORT_ROWS,
  parseDateCell,
  previewImport,
  type ImportContext,
} from '../src/domain/staff-import';

const context: ImportContext = {
  departments: [
    { id: 'dep-mat', name: 'Maternity' },
    { id: 'dep-opd', name: 'Outpatients' },
  ],
  locations: [
    { id: 'loc-nbi', name: 'Nairobi' },
    { id: 'loc-ksm', name: 'Kisumu' },
  ],
  councils: [
    { id: 'c-nck', code: 'ke-nck', abbreviation: 'NCK', country: 'KE' },
    { id: 'c-kmpdc', code: 'ke-kmpdc', abbreviation: 'KMPDC', country: 'KE' },
    { id: 'c-ahpc', code: 'ug-ahpc', abbreviation: 'AHPC', country: 'UG' },
  ],
  country: 'KE',
};

const HEADER =
  'Email,Full name,Phone,Job title,Profession,Department,Location,Start date,Employment type,National ID,KRA PIN,SHA number,NSSF number,Emergency contact name,Emergency contact phone,Licence council,Licence number,Licence issued on,Licence expires on';
const good = (n: number) =>
  `nurse${n}@clinic.example,Nurse ${n},+254 700 000 ${String(n).padStart(3, '0')},Staff Nurse,Nurse,Maternity,Nairobi,2024-01-${String((n % 28) + 1).padStart(2, '0')},full-time,${20000000 + n},A${String(100000000 + n)}Z,SHA-${n},NSSF-${n},Kin ${n},0722000${String(n).padStart(3, '0')},NCK,NCK/${1000 + n},2024-04-01,2027-03-31`;

describe('the staff CSV import preview', () => {
  it('reads every column of a good file into records, with their ids and the licence', () => {
    const preview = previewImport([HEADER, good(1), good(2)].join('\r\n'), context);
    expect(preview.problems).toEqual([]);
    expect(preview.rows).toHaveLength(2);
    expect(preview.rows[0]).toEqual({
      row: 2,
      email: 'nurse1@clinic.example',
      name: 'Nurse 1',
      phone: '+254 700 000 001',
      jobTitle: 'Staff Nurse',
      profession: 'Nurse',
      departmentId: 'dep-mat',
      locationId: 'loc-nbi',
      startDate: '2024-01-02',
      employmentType: 'full-time',
      nationalId: '20000001',
      kraPin: 'A100000001Z',
      shaNumber: 'SHA-1',
      nssfNumber: 'NSSF-1',
      emergencyContact: { name: 'Kin 1', phone: '0722000001' },
      licence: { councilId: 'c-nck', number: 'NCK/1001', issuedOn: '2024-04-01', expiresOn: '2027-03-31' },
    });
  });

  it('needs only e-mail and name; empty cells are null', () => {
    const preview = previewImport('email,name\nwanjiru@clinic.example,Wanjiru Kamau\n', context);
    expect(preview.problems).toEqual([]);
    expect(preview.rows[0]).toMatchObject({
      email: 'wanjiru@clinic.example',
      profession: null,
      licence: null,
    });
  });

  it('names each bad row and column, and keeps the good rows for the preview', () => {
    const rows = [
      HEADER,
      good(1),
      good(2).replace('Maternity', 'Maternty'),
      good(3).replace('nurse3@clinic.example', 'not-an-email'),
      good(4).replace('A100000004Z', '12345'),
      good(5).replace('2027-03-31', '31/02/2027'),
      good(6).replace(',NCK,', ',XYZ,'),
      good(7).replace('Nurse,Maternity', 'Nurse Aide,Maternity'),
    ];
    const preview = previewImport(rows.join('\n'), context);
    expect(preview.rows.map((r) => r.row)).toEqual([2]);
    expect(preview.problems.map((p) => [p.row, p.column, p.code])).toEqual([
      [3, 'department', 'core.import.unknown_department'],
      [4, 'email', 'core.import.invalid'],
      [5, 'kraPin', 'core.import.invalid'],
      [6, 'licenceExpiresOn', 'core.import.invalid_date'],
      [7, 'licenceCouncil', 'core.import.unknown_council'],
      [8, 'profession', 'core.import.invalid'],
    ]);
    expect(preview.problems[0]?.message).toBe('Row 3: department "Maternty" does not exist; add it first.');
  });

  it('refuses a second row with the same e-mail, naming the first', () => {
    const preview = previewImport(
      [HEADER, good(1), good(2), good(1).replace('Nurse 1', 'Someone')].join('\n'),
      context,
    );
    expect(preview.problems).toEqual([
      {
        row: 4,
        column: 'email',
        code: 'core.import.duplicate_email',
        message: 'Row 4: nurse1@clinic.example is already on row 2.',
      },
    ]);
  });

  it('asks for the council, number and expiry once any licence cell is given, issued before expiry', () => {
    const preview = previewImport(
      [
        'email,name,licence council,licence number,licence issued on,licence expires on',
        'a@clinic.example,A,NCK,,,2027-01-01',
        'b@clinic.example,B,,NCK/1,,',
        'c@clinic.example,C,NCK,NCK/2,2027-01-02,2027-01-01',
      ].join('\n'),
      context,
    );
    expect(preview.problems.map((p) => [p.row, p.column, p.code])).toEqual([
      [2, 'licenceNumber', 'core.import.required'],
      [3, 'licenceCouncil', 'core.import.required'],
      [3, 'licenceExpiresOn', 'core.import.required'],
      [4, 'licenceExpiresOn', 'core.import.expires_before_issue'],
    ]);
  });

  it("finds a council by code or abbreviation, the organisation's country first", () => {
    const preview = previewImport(
      'email,name,council,licence number,expires on\na@clinic.example,A,ke-kmpdc,A123,31/12/2026\nb@clinic.example,B,ahpc,B1,2026-12-31\n',
      context,
    );
    expect(preview.problems).toEqual([]);
    expect(preview.rows.map((r) => r.licence?.councilId)).toEqual(['c-kmpdc', 'c-ahpc']);
    expect(preview.rows[0]?.licence?.expiresOn).toBe('2026-12-31');
  });

  it('wants both halves of an emergency contact', () => {
    const preview = previewImport('email,name,emergency contact name\na@clinic.example,A,Kin\n', context);
    expect(preview.problems.map((p) => p.code)).toEqual(['core.import.incomplete_contact']);
  });

  it('refuses the file as a whole for an unknown column, a missing e-mail column, no rows or too many', () => {
    expect(previewImport('email,name,salary\na@clinic.example,A,100\n', context).problems).toEqual([
      expect.objectContaining({ row: 1, code: 'core.import.unknown_column' }),
    ]);
    expect(previewImport('name\nA\n', context).problems).toEqual([
      expect.objectContaining({ row: 1, column: 'email', code: 'core.import.missing_column' }),
    ]);
    expect(previewImport('email,name\n', context).problems[0]?.code).toBe('core.import.empty');
    expect(previewImport('', context).problems[0]?.code).toBe('core.import.empty');
    const many = [
      'email,name',
      ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `p${i}@c.example,P`),
    ];
    expect(previewImport(many.join('\n'), context).problems[0]?.code).toBe('core.import.too_many_rows');
  });

  it('names a row with the wrong number of cells, and an unreadable file', () => {
    expect(previewImport('email,name\na@clinic.example,A,extra\n', context).problems[0]).toMatchObject({
      row: 2,
      code: 'core.import.cell_count',
    });
    expect(previewImport('email,name\n"a@clinic.example,A\n', context).problems[0]?.code).toBe(
      'core.import.unreadable',
    );
  });

  it('reads a file saved by Excel: BOM, semicolons, quoted commas, blank lines', () => {
    const preview = previewImport(
      '\uFEFFEmail;Name;Job title\r\na@clinic.example;"Otieno, Achieng";Nurse, ICU\r\n\r\n',
      context,
    );
    expect(preview.problems).toEqual([]);
    expect(preview.rows[0]).toMatchObject({ name: 'Otieno, Achieng', jobTitle: 'Nurse, ICU' });
  });

  it('reads dates as YYYY-MM-DD or day first, and nothing that is not a day', () => {
    expect(parseDateCell('2026-12-31')).toBe('2026-12-31');
    expect(parseDateCell('1/2/2026')).toBe('2026-02-01');
    expect(parseDateCell('31/04/2026')).toBeNull();
    expect(parseDateCell('2026-13-01')).toBeNull();
    expect(parseDateCell('12/31/2026')).toBeNull();
  });
});
