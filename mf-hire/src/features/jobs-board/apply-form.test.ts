import { applyPayload, validateApply, type ApplyForm } from './apply-form';

const filled: ApplyForm = {
  fullName: 'Amina Wanjiru',
  email: 'amina@example.org',
  phoneNumber: '+254 700 111 222',
  resumeUrl: 'cv.example.org/amina.pdf',
  coverLetter: '',
  cv: 'link',
};

describe('apply form', () => {
  it('requires name, e-mail, phone and resume link; the cover letter is optional', () => {
    expect(validateApply(filled)).toEqual({});
    expect(validateApply({ ...filled, fullName: ' ', email: '', phoneNumber: '', resumeUrl: '' })).toEqual({
      fullName: 'required',
      email: 'required',
      phoneNumber: 'required',
      resumeUrl: 'required',
    });
  });

  it('checks shapes, and adds the scheme to a typed link', () => {
    expect(
      validateApply({ ...filled, email: 'amina', phoneNumber: 'call me', resumeUrl: 'not a link' }),
    ).toEqual({
      email: 'email',
      phoneNumber: 'phone',
      resumeUrl: 'url',
    });
    expect(applyPayload('j1', filled)).toEqual({
      jobId: 'j1',
      fullName: 'Amina Wanjiru',
      email: 'amina@example.org',
      phoneNumber: '+254 700 111 222',
      resumeUrl: 'https://cv.example.org/amina.pdf',
    });
    expect(applyPayload('j1', { ...filled, resumeUrl: 'http://x.org/cv' }).resumeUrl).toBe('http://x.org/cv');
  });

  it('with the stored CV needs no link and sends useStoredCv; a CV still to upload is required', () => {
    expect(validateApply({ ...filled, cv: 'stored', resumeUrl: '' })).toEqual({});
    const payload = applyPayload('j1', { ...filled, cv: 'stored' });
    expect(payload).toMatchObject({ useStoredCv: true });
    expect(payload).not.toHaveProperty('resumeUrl');
    expect(validateApply({ ...filled, cv: 'upload', resumeUrl: '' })).toEqual({ cv: 'cvRequired' });
  });
});
