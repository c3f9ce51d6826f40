import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { AMINA, AMINA_PROFILE as me, JOB, resetSession, signIn } from '../../test/fixtures';
import { ApplyModal } from './ApplyModal';

beforeEach(() => {
  resetSession();
  signIn(AMINA);
});

async function openForm(onClose = jest.fn()) {
  await renderScreen(<ApplyModal job={JOB} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Apply for Night Nurse' });
  await within(dialog).findByDisplayValue('Amina Wanjiru');
  return { dialog, onClose };
}

describe('the apply form', () => {
  it('starts from the profile, checks the fields before sending, and sends the application', async () => {
    const calls = fakeApi(({ path }) => (path === '/api/user/me' ? { body: me } : { status: 201, body: {} }));
    const { dialog, onClose } = await openForm();
    const form = within(dialog);
    expect(form.getByLabelText('E-mail')).toHaveValue('amina@example.org');
    expect(form.getByLabelText('Phone number')).toHaveValue('+254 700 123 456');

    await userEvent.clear(form.getByLabelText('Phone number'));
    await userEvent.type(form.getByLabelText('Phone number'), 'call me');
    await userEvent.click(form.getByRole('button', { name: 'Submit application' }));
    expect(form.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Enter a phone number (digits, spaces, +, - and brackets).',
    );
    expect(form.getByLabelText('CV or professional profile link')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(form.getByLabelText('Phone number'));
    await userEvent.type(form.getByLabelText('Phone number'), '+254 700 123 456');
    await userEvent.type(form.getByLabelText('CV or professional profile link'), 'cv.example.org/amina.pdf');
    await userEvent.tab(); // leaving the link field adds the scheme
    expect(form.getByLabelText('CV or professional profile link')).toHaveValue(
      'https://cv.example.org/amina.pdf',
    );
    await userEvent.type(form.getByLabelText('Cover letter'), 'Five years on night shifts.');
    await userEvent.click(form.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Application submitted for Night Nurse')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/application/apply',
      body: {
        jobId: JOB.id,
        fullName: 'Amina Wanjiru',
        email: 'amina@example.org',
        phoneNumber: '+254 700 123 456',
        resumeUrl: 'https://cv.example.org/amina.pdf',
        coverLetter: 'Five years on night shifts.',
      },
    });
  });

  it("keeps the form open with the server's message when the application is refused", async () => {
    fakeApi(({ path }) =>
      path === '/api/user/me'
        ? { body: me }
        : { status: 409, body: { success: false, message: 'You have already applied for this job.' } },
    );
    const { dialog, onClose } = await openForm();
    await userEvent.type(
      within(dialog).getByLabelText('CV or professional profile link'),
      'https://cv.example.org/amina.pdf',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit application' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have already applied for this job.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('closing the apply form with something typed', () => {
  it('asks before discarding, by Escape, a click outside or Cancel; Keep editing keeps the text', async () => {
    fakeApi(() => ({ body: me }));
    const { dialog, onClose } = await openForm();
    const letter = within(dialog).getByLabelText('Cover letter');
    await userEvent.type(letter, 'I have six years on maternity wards.');

    // Escape: the browser sends `cancel` to the dialog.
    act(() => void dialog.dispatchEvent(new Event('cancel', { cancelable: true })));
    let ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument();
    expect(letter).toHaveValue('I have six years on maternity wards.');
    expect(onClose).not.toHaveBeenCalled();

    // A press on the backdrop reaches the dialog element itself.
    fireEvent.mouseDown(dialog);
    ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once when nothing was typed (the profile filled the form in)', async () => {
    fakeApi(() => ({ body: me }));
    const { dialog, onClose } = await openForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('applying with a stored CV', () => {
  const STORED = {
    id: 'cv-1',
    fileName: 'Amina_CV.pdf',
    size: 120_000,
    uploadedAt: '2026-11-20T08:00:00.000Z',
  };

  it('offers the stored CV first and applies with it in one step, no link needed', async () => {
    const calls = fakeApi(({ path, method }) =>
      path === '/api/user/me'
        ? { body: me }
        : path === '/api/cv'
          ? { body: { success: true, data: STORED } }
          : method === 'POST'
            ? { status: 201, body: {} }
            : {},
    );
    const { dialog, onClose } = await openForm();
    const form = within(dialog);
    const useMine = await form.findByRole('radio', {
      name: 'Use my CV (Amina_CV.pdf, uploaded 20 Nov 2026)',
    });
    expect(useMine).toBeChecked();
    expect(form.queryByLabelText('CV or professional profile link')).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Application submitted for Night Nurse')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent).toMatchObject({
      path: '/api/application/apply',
      body: { jobId: JOB.id, useStoredCv: true },
    });
    expect(sent!.body).not.toHaveProperty('resumeUrl');
  });

  it('uploads a PDF from the dialog, then applies with it; too large or not a PDF is explained', async () => {
    const calls = fakeApi(({ path, method }) =>
      path === '/api/user/me'
        ? { body: me }
        : path === '/api/cv'
          ? { body: { success: true, data: null } }
          : method === 'PUT'
            ? { body: { success: true, data: { ...STORED, fileName: 'amina.pdf' } } }
            : { status: 201, body: {} },
    );
    const { dialog } = await openForm();
    const form = within(dialog);
    await userEvent.click(form.getByRole('radio', { name: 'Upload my CV (PDF) now' }));
    await userEvent.click(form.getByRole('button', { name: 'Submit application' }));
    expect(form.getByText('Upload your CV or choose another option.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const input = form.getByLabelText('Upload your CV (PDF)');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, big);
    expect(await form.findByRole('alert')).toHaveTextContent('This file is larger than 5 MB.');
    await userEvent.upload(input, new File(['<html>'], 'cv.html', { type: 'text/html' }), {
      applyAccept: false,
    });
    expect(await form.findByRole('alert')).toHaveTextContent('This file is not a PDF.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    const pdf = new File(['%PDF-1.4 ... %%EOF'], 'amina.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, pdf);
    const useMine = await form.findByRole('radio', { name: /^Use my CV \(amina\.pdf/ });
    expect(useMine).toBeChecked();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/cv?name=amina.pdf');
    expect(put.body).toBe(pdf);
    await userEvent.click(form.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Application submitted for Night Nurse')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ useStoredCv: true });
  });
});
