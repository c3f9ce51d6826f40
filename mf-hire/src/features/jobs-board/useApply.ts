import { useState } from 'react';
import type { Job } from '@platform/svc-hire/contract';
import { useNavigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';

/**
 * Apply as the board and the job page both offer it: a professional gets the form at once; a visitor
 * logs in first and comes back to `returnTo(job)`, whose `apply=<job id>` opens the form again.
 */
export function useApply(returnTo: (job: Job) => string) {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const [applying, setApplying] = useState<Job | null>(null);
  return {
    /** Visitors see Apply (it asks them to log in); clinic and admin accounts cannot apply. */
    canApply: !user || user.role === 'user',
    /** A professional is signed in: a form asked for by the URL may open. */
    signedInProfessional: user?.role === 'user',
    applying,
    apply(job: Job) {
      if (!user) navigate(loginPath(returnTo(job)));
      else setApplying(job);
    },
    stopApplying: () => setApplying(null),
  };
}
