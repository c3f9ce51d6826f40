import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Application } from '@platform/svc-hire/contract';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { APPLICATION, CLINIC, JOB, resetSession, signIn } from '../../test/fixtures';
import { Applicants } from './Applicants';

const base: Application = {
  ...APPLICATION,
  id: 'a-1',
  _id: 'a-1',
  resumeUrl: '',
  cv: { id: 'cv-1', fileName: 'Amina_CV.pdf', size: 1000, uploadedAt: '2026-11-20T08:00:00.000Z' },
  applicantDesignation: 'Registered Nurse',
  applicantSkills: ['Midwifery', 'Neonatal care'],
  applicantVerifiedProfessions: ['Nurse'],
};
const linked: Application = {
  ...base,
  applicantVerifiedProfessions: [],
  id: 'a-2',
  _id: 'a-2',
  fullName: 'Baraka Otieno',
  resumeUrl: 'https://cv.example.org/baraka',
  cv: null,
  applicantDesignation: '',
  applicantSkills: [],
};

beforeEach(() => {
  resetSession();
  signIn(CLINIC);
});

it("shows each applicant's designation, verified licence and skills, and downloads a stored CV with the session's token", async () => {
  const pdf = new Blob(['%PDF-1.4 %%EOF'], { type: 'application/pdf' });
  const calls = fakeApi(({ path }) =>
    path.startsWith('/api/application/get')
      ? {
          body: {
            success: true,
            data: [base, linked],
            pageInfo: { page: 1, limit: 20, total: 2 },
            counts: { total: 2, pending: 2, shortlisted: 0, accepted: 0, rejected: 0, withdrawn: 0 },
          },
        }
      : path === '/api/application/a-1/cv'
        ? { body: pdf }
        : { status: 404, body: {} },
  );
  const saved: { href: string; download: string }[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:cv');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });

  await renderScreen(<Applicants job={{ ...JOB, applicantCount: 2, posterEmail: CLINIC.email }} />);
  const first = (await screen.findByRole('heading', { name: 'Amina Wanjiru' })).closest('li')!;
  expect(first).toHaveTextContent('DesignationRegistered Nurse');
  expect(first).toHaveTextContent('Verified licence✓ Nurse');
  expect(
    within(first)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['✓ Nurse', 'Midwifery', 'Neonatal care']);
  await userEvent.click(within(first).getByRole('button', { name: 'CV (PDF) of Amina Wanjiru' }));
  expect(calls.map((c) => c.path)).toContain('/api/application/a-1/cv');
  expect(URL.createObjectURL).toHaveBeenCalledWith(pdf);
  expect(saved).toEqual([{ href: 'blob:cv', download: 'Amina_CV.pdf' }]);

  const second = screen.getByRole('heading', { name: 'Baraka Otieno' }).closest('li')!;
  expect(second).toHaveTextContent('DesignationNot given');
  expect(second).toHaveTextContent('Verified licenceNone verified yet');
  expect(within(second).getByRole('link', { name: 'Open CV (new tab)' })).toHaveAttribute(
    'href',
    'https://cv.example.org/baraka',
  );
});

it('shortlists a pending applicant at once; the clinic can then still accept or reject', async () => {
  let application: Application = { ...base };
  const calls = fakeApi(({ method, body }) => {
    if (method === 'PATCH') {
      application = { ...application, status: (body as { status: Application['status'] }).status };
      return { body: { success: true, data: application } };
    }
    return { body: { data: [application], pageInfo: { page: 1, limit: 20, total: 1 }, counts: {} } };
  });
  await renderScreen(<Applicants job={{ ...JOB, applicantCount: 1, posterEmail: CLINIC.email }} />);
  const item = (await screen.findByRole('heading', { name: 'Amina Wanjiru' })).closest('li')!;
  expect(item).toHaveTextContent('StatusPending');
  await userEvent.click(
    within(item).getByRole('button', { name: 'Shortlist the application from Amina Wanjiru' }),
  );
  expect(await screen.findByText('Application from Amina Wanjiru: shortlisted.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
    path: '/api/application/a-1',
    body: { status: 'shortlisted' },
  });
  const after = (await screen.findByRole('heading', { name: 'Amina Wanjiru' })).closest('li')!;
  expect(await within(after).findByText('Shortlisted')).toBeInTheDocument();
  expect(within(after).queryByRole('button', { name: /^Shortlist/ })).not.toBeInTheDocument();
  expect(
    within(after).getByRole('button', { name: 'Accept the application from Amina Wanjiru' }),
  ).toBeEnabled();
  expect(
    within(after).getByRole('button', { name: 'Reject the application from Amina Wanjiru' }),
  ).toBeEnabled();
});
