import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, resetSession, signIn } from '../../test/fixtures';
import { MyCv } from './MyCv';

const CV = { id: 'cv-1', fileName: 'amina.pdf', size: 250 * 1024, uploadedAt: '2026-11-20T08:00:00.000Z' };

beforeEach(() => {
  resetSession();
  signIn(AMINA);
});

describe('My CV on the dashboard', () => {
  it('uploads a PDF, shows it, explains a refusal, and deletes it after asking', async () => {
    let stored: typeof CV | null = null;
    const calls = fakeApi(({ method }) => {
      if (method === 'PUT') {
        stored = CV;
        return { body: { success: true, data: CV } };
      }
      if (method === 'DELETE') {
        stored = null;
        return { body: { success: true, message: 'CV deleted.' } };
      }
      return { body: { success: true, data: stored } };
    });
    await renderScreen(<MyCv />);
    const section = await screen.findByRole('region', { name: 'My CV' });
    expect(
      await within(section).findByText('No CV stored yet. Upload one to apply in one step.'),
    ).toBeInTheDocument();

    const input = within(section).getByLabelText('Upload your CV (PDF)');
    expect(input).toHaveAccessibleDescription('A PDF file of at most 5 MB.');
    await userEvent.upload(input, new File(['%PDF-1.4 %%EOF'], 'amina.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Your CV is saved.')).toBeInTheDocument();
    expect(await within(section).findByText('amina.pdf (250 KB), uploaded 20 Nov 2026')).toBeInTheDocument();
    expect(within(section).getByLabelText('Replace your CV (PDF)')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe('/api/cv?name=amina.pdf');

    await userEvent.click(within(section).getByRole('button', { name: 'Delete my CV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your CV?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your CV is deleted.')).toBeInTheDocument();
    expect(
      await within(section).findByText('No CV stored yet. Upload one to apply in one step.'),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the file", async () => {
    fakeApi(({ method }) =>
      method === 'PUT'
        ? {
            status: 415,
            body: { success: false, message: 'The CV must be a PDF file.', code: 'hire.cv_not_pdf' },
          }
        : { body: { success: true, data: null } },
    );
    await renderScreen(<MyCv />);
    const input = await screen.findByLabelText('Upload your CV (PDF)');
    await userEvent.upload(input, new File(['<html>'], 'fake.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The CV must be a PDF file.');
    expect(input).toHaveAccessibleDescription('The CV must be a PDF file.');
  });
});
