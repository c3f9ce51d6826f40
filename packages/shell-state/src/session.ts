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

/** `?next=` when it is a path on this site (never another origin), else null. */
function safeNext(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/** Where to go after login: `?next=` when it is a path on this site (never another origin), else home. */
export function nextPath(search: string): string {
  return safeNext(search) ?? '/';
}

/** After login: `?next=` (a path on this site), else the role's dashboard where one is deployed, else home. */
export function landingPath(search: string, role: Role): string {
  return safeNext(search) ?? dashboardPath(role) ?? '/';
}

/**
 * The part of a query that must survive login -> Create account -> sign-up -> login (`next`, `apply`),
 * as `?…` or '' when there is none.
 */
export function journeyQuery(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ['next', 'apply']) {
    const value = from.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
