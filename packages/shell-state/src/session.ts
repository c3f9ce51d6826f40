import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useSiteMap } from './site-map';

export type Role = 'user' | 'Clinic' | 'admin';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  orgId?: string | null;
  entitlements?: string[];
}

interface SessionState {
  token: string | null;
  user: SessionUser | null;
  signIn(token: string, user: SessionUser): void;
  signOut(): void;
}

/** The signed-in person, shared by the shell and every remote (one Module Federation singleton). */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      signIn: (token, user) =>
        set({
          token,
          user: {
            id: user.id,
            name: user.name,
            email: user.email,
            role: user.role,
            orgId: user.orgId ?? null,
            entitlements: user.entitlements ?? [],
          },
        }),
      signOut: () => set({ token: null, user: null }),
    }),
    { name: 'afya.session', partialize: (s) => ({ token: s.token, user: s.user }) },
  ),
);

/** Where the Dashboard button leads for a role (from the deployed modules), or null. */
export function dashboardPath(role: Role | undefined): string | null {
  return (role && useSiteMap.getState().dashboards[role]) || null;
}

/** /login that comes back to `next` after signing in (e.g. the job a visitor wanted to apply for). */
export function loginPath(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

/** Where to go after login: `?next=` when it is a path on this site (never another origin), else home. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}
