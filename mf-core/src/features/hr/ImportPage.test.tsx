import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession } from '../../test/fixtures';
import routes from '../../exposes/routes';
import ImportPage, { TEMPLATE_CSV } from './ImportPage';

beforeEach(resetSession);
// jsdom's Blob has no text(), which every browser the platform supports has.
beforeAll(() => {
  Blob.prototype.text ??= function text(this: Blob) {
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(this);
    });
  };
});
afterEach(() => act(async () => useLanguage.getState().setLanguage('en')));

const GOOD = 'email,name,location\nnurse1@staff.example,Nurse One,Kisumu';
const BAD = `${GOOD}\nnot-an-address,Nurse Two,Kisumu`;
const FIXED = `${GOOD}\nnurse2@staff.example,Nurse Two,Kisumu`;

/** svc-core's answers: the bad row named in the preview; the real import refuses a file with problems. */
function serve() {
  const imported: string[] = [];
  const calls = fakeApi(async ({ path, body }) => {
    const text = await (body as Blob).text();
    const dryRun = path.endsWith('?dryRun=1');
    const problems = text.includes('not-an-address')
      ? [
          {
            row: 3,
            column: 'email',
            code: 'core.import.invalid',
            message: 'Row 3: "not-an-address" is not an e-mail address.',
          },
        ]
      : [];
    const data = { dryRun, rows: text.trim().split('\n').length - 1, problems, created: 0, updated: 0 };
    if (problems.length > 0 && !dryRun)
      return { status: 422, body: { success: false, message: 'x', code: 'core.import_invalid', data } };
    if (!dryRun) {
      imported.push(text);
      data.created = data.rows;
    }
    return { body: { success: true, data } };
  });
  return { calls, imported };
}

async function choose(text: string) {
  const file = new File([text], 'staff.csv', { type: 'text/csv' });
  await userEvent.upload(screen.getByLabelText('CSV file'), file);
  expect(await screen.findByDisplayValue(/nurse1@staff\.example/)).toBeInTheDocument();
}

describe('/hr/import', () => {
  it('is a route of mf-core', () => {
    expect(routes.map((r) => r.path)).toContain('/hr/import');
  });

  it('previews a file naming its bad row, imports nothing until it is fixed, then imports it', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    const { calls, imported } = serve();
    await renderScreen(<ImportPage />, { path: '/hr/import' });
    expect(await screen.findByRole('button', { name: 'Import' })).toBeDisabled();

    await choose(BAD);
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('Row 3, e-mail: this value is not valid')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 problem: nothing will be imported until it is fixed.',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(calls.every((c) => c.path.endsWith('?dryRun=1'))).toBe(true);

    // Fixed in the box: the preview no longer applies until checked again.
    const box = screen.getByLabelText('The file’s contents');
    fireEvent.change(box, { target: { value: FIXED } });
    expect(screen.getByText('The text changed since it was checked: check it again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('2 rows are ready to import.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByText(/Imported: 2 added, 0 updated\./)).toBeInTheDocument();
    expect(imported).toEqual([FIXED]);
    expect(calls.find((c) => !c.path.endsWith('?dryRun=1'))?.path).toBe('/api/core/staff/import');
    expect((calls[0]!.body as Blob).type).toBe('text/csv');
  });

  it('offers a template whose columns are those the import reads, in French too', async () => {
    useSession.getState().signIn('token', { ...AMINA, role: 'Clinic', name: 'Kisumu Family Clinic' });
    serve();
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:template';
    };
    URL.revokeObjectURL = () => undefined;
    // jsdom cannot follow a download link; the file handed to it is what matters.
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderScreen(<ImportPage />, { path: '/hr/import' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download the template (CSV)' }));
    expect(await saved[0]!.text()).toBe(TEMPLATE_CSV);
    expect(TEMPLATE_CSV.split('\n')[0]).toMatch(/^email,name,.*licence council,licence number/);

    await act(async () => useLanguage.getState().setLanguage('fr'));
    expect(await screen.findByRole('heading', { name: 'Importer du personnel' })).toBeInTheDocument();
  });
});
