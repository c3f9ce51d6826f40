import { screen } from '@testing-library/react';
import { fakeApi, renderScreen } from '@platform/ui/testing';
import { resetSession } from '../../test/fixtures';
import CertificatePage from './CertificatePage';

const ID = '7a3e1c2b-9d4f-4e5a-8b6c-1d2e3f4a5b6c';
let id = ID;
jest.mock('@platform/router', () => {
  const actual = jest.requireActual('@platform/router');
  return { ...actual, useParams: () => ({ id }) };
});

beforeEach(() => {
  resetSession();
  id = ID;
});

describe('the certificate check', () => {
  it('says "genuine" and nothing about the holder', async () => {
    const calls = fakeApi(() => ({ body: { success: true, data: { genuine: true } } }));
    await renderScreen(<CertificatePage />, { path: `/event/certificates/${ID}` });
    expect(await screen.findByRole('heading', { name: 'Genuine certificate' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual([`/api/event/certificates/${ID}`]);
  });

  it('says "not found" for a number AfyaHR never issued, or one that is not a number at all', async () => {
    fakeApi(() => ({ body: { success: true, data: { genuine: false } } }));
    await renderScreen(<CertificatePage />, { path: `/event/certificates/${ID}` });
    expect(await screen.findByRole('heading', { name: 'Certificate not found' })).toBeInTheDocument();
  });

  it('asks nothing for an address that cannot be a certificate', async () => {
    id = 'not-a-certificate';
    const calls = fakeApi(() => ({}));
    await renderScreen(<CertificatePage />, { path: '/event/certificates/not-a-certificate' });
    expect(await screen.findByRole('heading', { name: 'Certificate not found' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
