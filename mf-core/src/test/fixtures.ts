import { queryClient } from '@platform/data';
import { useSession } from '@platform/shell-state';
// Registers the `core` texts, as the shell's loading of ./routes does.
import '../exposes/routes';

export const AMINA = {
  id: 'u-amina',
  name: 'Amina Wanjiru',
  email: 'amina@example.org',
  role: 'user' as const,
};

/** Each test starts signed out, with nothing cached. */
export function resetSession() {
  useSession.getState().signOut();
  queryClient.clear();
}
