import { CLINICS, JOBS, PROFESSIONALS } from './data';
import type { DemoAccounts } from './accounts';
import type { DemoClient, Log } from './client';

interface BoardJob {
  id: string;
  title: string;
  organization: string;
}

/**
 * Open jobs with applicants in every status (pending, accepted, rejected, withdrawn), each posted by its
 * clinic, applied to by the professionals and decided by the clinic (or withdrawn by the applicant), all
 * through svc-hire's API. A job already on the board (same title and organisation) is skipped with its
 * applications.
 */
export async function loadJobs(client: DemoClient, accounts: DemoAccounts, log: Log): Promise<number> {
  const board = await client.all<BoardJob>('/api/job/get');
  let posted = 0;
  for (const job of JOBS) {
    const clinic = CLINICS.find((c) => c.key === job.clinic)!;
    if (board.some((b) => b.title === job.title && b.organization === clinic.name)) continue;
    const clinicToken = await accounts.token(clinic.key);
    const { body } = await client.call<{ data: { id: string } }>('POST', '/api/job/add', {
      token: clinicToken,
      body: {
        title: job.title,
        organization: clinic.name,
        department: job.department,
        location: clinic.city,
        type: job.type,
        experienceLevel: job.experienceLevel,
        salary: { ...job.salary, currency: 'KES' },
        description: job.description,
      },
    });
    posted++;
    for (const a of job.applicants) {
      const person = PROFESSIONALS.find((p) => p.key === a.who)!;
      const token = await accounts.token(person.key);
      const { body: applied } = await client.call<{ data: { id: string } }>(
        'POST',
        '/api/application/apply',
        {
          token,
          body: {
            jobId: body.data.id,
            fullName: person.name,
            email: person.email,
            phoneNumber: person.phone,
            coverLetter: `Demo application: ${person.designation} in ${person.city}, keen to join ${clinic.name}.`,
            resumeUrl: `https://cv.${person.email.split('@')[1]}/${person.key}.pdf`,
          },
        },
      );
      if (a.status === 'pending') continue;
      const decider = a.status === 'withdrawn' ? token : clinicToken;
      await client.call('PATCH', `/api/application/${applied.data.id}`, {
        token: decider,
        body: { status: a.status, ...(a.message ? { message: a.message } : {}) },
      });
    }
  }
  log(`demo: ${posted} jobs posted with their applicants, ${JOBS.length - posted} already on the board`);
  return posted;
}
