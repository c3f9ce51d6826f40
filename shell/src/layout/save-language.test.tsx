import { act, renderHook } from '@testing-library/react';
import { useLanguage, useSession } from '@platform/shell-state';
import { fakeApi } from '@platform/ui/testing';
import { useSaveLanguage } from './save-language';

const amina = { id: 'u1', name: 'Amina', email: 'a@x.org', role: 'user' as const, orgId: null };

beforeEach(() => {
  localStorage.clear();
  useSession.getState().signOut();
  useLanguage.getState().setLanguage('en');
});

it('saves the chosen language on the signed-in account, once per account and language', async () => {
  const calls = fakeApi(() => ({ body: { success: true } }));
  const { rerender } = renderHook(() => useSaveLanguage());
  // A visitor's choice stays in the browser.
  await act(async () => useLanguage.getState().setLanguage('fr'));
  expect(calls).toEqual([]);

  await act(async () => useSession.getState().signIn('token', amina));
  await act(async () => useLanguage.getState().setLanguage('sw'));
  rerender();
  expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
    ['PUT', '/api/user/me', { language: 'fr' }],
    ['PUT', '/api/user/me', { language: 'sw' }],
  ]);
  // The same language again (another page load) sends nothing.
  const again = renderHook(() => useSaveLanguage());
  again.rerender();
  expect(calls).toHaveLength(2);
});
