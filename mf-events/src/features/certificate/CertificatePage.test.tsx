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
  const certificate = (issuerVerified: boolean) => ({
    holderName: 'Amina Wanjiru',
    eventTitle: 'Sepsis bundle workshop',
    eventDate: '2026-11-20',
    points: 50,
    issuer: 'Kenyatta National Hospital',
    issuerVerified,
    issuedAt: '2026-11-20T09:00:00.000Z',
  });

  it('says "genuine" and what the certificate says, to compare with the paper; an unverified issuer as such', async () => {
    const calls = fakeApi(() => ({
      body: { success: true, data: { genuine: true, certificate: certificate(false) } },
    }));
    await renderScreen(<CertificatePage />, { path: `/event/certificates/${ID}` });
    expect(await screen.findByRole('heading', { name: 'Genuine certificate' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual([`/api/event/certificates/${ID}`]);
    const lines: [string, string][] = [
      ['Holder', 'Amina Wanjiru'],
      ['Event', 'Sepsis bundle workshop'],
      ['Date', '2026-11-20'],
      ['CPD points', '50'],
      ['Issued by', 'Kenyatta National Hospital'],
    ];
    for (const [term, value] of lines)
      expect(screen.getByText(term).nextElementSibling).toHaveTextContent(value);
    expect(screen.getByRole('alert')).toHaveTextContent(/Not verified: AfyaHR has not checked/);
  });

  it('says when the issuer is an organisation the platform verified', async () => {
    fakeApi(() => ({ body: { success: true, data: { genuine: true, certificate: certificate(true) } } }));
    await renderScreen(<CertificatePage />, { path: `/event/certificates/${ID}` });
    expect(await screen.findByText(/Verified organisation: AfyaHR checked/)).toBeInTheDocument();
    expect(screen.queryByText(/Not verified/)).not.toBeInTheDocument();
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
