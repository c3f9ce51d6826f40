/** @jest-environment node */
import { apiRequest, ApiNetworkError } from './api';
import { useSession } from './session';

const user = { id: 'u1', name: 'Amina', email: 'amina@clinic.example', role: 'user' as const };

describe('apiRequest', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    useSession.getState().signOut();
  });

  it('sends JSON with the bearer token and returns the body', async () => {
    useSession.getState().signIn('tok', user);
    const fetchMock = jest.fn(
      async () => new Response(JSON.stringify({ success: true, data: [1] }), { status: 200 }),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    const res = await apiRequest<{ data: number[] }>('/api/job/get');
    expect(res).toEqual({ ok: true, status: 200, body: { success: true, data: [1] } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('clears the session when a signed-in request is answered 401', async () => {
    useSession.getState().signIn('expired', user);
    global.fetch = (async () =>
      new Response(JSON.stringify({ success: false, message: 'x' }), { status: 401 })) as typeof fetch;
    const res = await apiRequest('/api/user/me');
    expect(res.status).toBe(401);
    expect(useSession.getState().token).toBeNull();
  });

  it('throws ApiNetworkError when no answer arrives', async () => {
    global.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(apiRequest('/api/user/login', { body: {} })).rejects.toBeInstanceOf(ApiNetworkError);
  });
});

describe('session store', () => {
  it('keeps only the session fields it needs', () => {
    useSession.getState().signIn('t', { ...user, role: 'Clinic', orgId: 'o1', password: 'leak' } as never);
    expect(useSession.getState().user).toEqual({ ...user, role: 'Clinic', orgId: 'o1', entitlements: [] });
  });
});
