import { useApiQuery } from '@platform/data';
import { useSession } from '@platform/shell-state';
import { hireApi } from '../../api';

export interface ViewerState {
  applied(jobId: string): boolean;
  saved(jobId: string): boolean;
  /** A professional is signed in: Save is offered. */
  signedIn: boolean;
}

/**
 * What the signed-in professional did with these jobs (applied, saved). The board's list is public
 * and cached for everyone, so this comes from its own call; visitors and clinics make none.
 */
export function useViewerState(jobIds: string[]): ViewerState {
  const professional = useSession((s) => s.user?.role === 'user');
  const ids = [...jobIds].sort();
  const answer = useApiQuery(professional && ids.length > 0 ? hireApi.viewerState(ids) : null);
  const state = answer.data?.data;
  return {
    applied: (id) => state?.applied.includes(id) ?? false,
    saved: (id) => state?.saved.includes(id) ?? false,
    signedIn: professional,
  };
}
