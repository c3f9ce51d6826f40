import { IdentityEvents } from '@platform/contracts';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { eventually, pdfText } from '@platform/testing';
import { anEvent, startEvents, type EventsContext, type Persona } from './helpers';

/**
 * A CPD certificate's public check shows what the certificate says, so an edited PDF with a real id is
 * caught by comparing, and whether the issuing organisation is verified by the platform (an admin checked
 * its registration documents: identity.organisation.verified.v1). Anyone may sign up under a hospital's
 * name: such an issuer is shown as not verified, on the page and on the PDF.
 */
let ctx: EventsContext;
let identity: NatsEventBus;

beforeAll(async () => {
  ctx = await startEvents();
  identity = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-identity' });
  await identity.ensureStream('identity');
});
afterAll(async () => {
  await identity?.close();
  await ctx?.close();
});

function soon(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000 + 3 * 3600_000);
  return { date: at.toISOString().slice(0, 10), time: at.toISOString().slice(11, 16) };
}

/** A certificate issued by `issuer` to a person named `holder`, through the API. */
async function certificate(issuer: Persona, holder: string, title: string): Promise<string> {
  const e = await ctx.call('POST', '/api/event/add', issuer, anEvent({ ...soon(60), title, cpdPoints: 50 }));
  expect(e.statusCode).toBe(201);
  const eventId = e.json().data.id as string;
  const nurse = ctx.persona('user', { name: holder });
  const ticket = (await ctx.call('POST', `/api/event/${eventId}/registrations`, nurse)).json().data.ticket;
  const scan = await ctx.call('POST', `/api/event/${eventId}/checkins`, issuer, { ticket });
  return scan.json().data.certificateId as string;
}

describe('the certificate check', () => {
  it('shows holder, event, date, points and issuer, and an unverified issuer as such (page and PDF)', async () => {
    const impostor = ctx.persona('Clinic', { name: 'Kenyatta National Hospital' });
    const id = await certificate(impostor, 'Any Name', 'Advanced cardiac life support');
    const check = await ctx.call('GET', `/api/event/certificates/${id}`);
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toEqual({
      genuine: true,
      certificate: {
        holderName: 'Any Name',
        eventTitle: 'Advanced cardiac life support',
        eventDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        points: 50,
        issuer: 'Kenyatta National Hospital',
        issuerVerified: false,
        issuedAt: expect.any(String),
      },
    });
    const pdf = await ctx.call('GET', `/api/event/certificates/${id}/pdf`, impostor);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(
      'Kenyatta National Hospital is NOT an organisation verified by AfyaHR.',
    );
  });

  it('says the issuer is verified within 2 s of an admin verifying the organisation', async () => {
    const hospital = ctx.persona('Clinic', { name: 'Moi Teaching and Referral Hospital' });
    const id = await certificate(hospital, 'Amina Wanjiru', 'Sepsis bundle workshop');
    const verified = async () =>
      (await ctx.call('GET', `/api/event/certificates/${id}`)).json().data.certificate.issuerVerified;
    expect(await verified()).toBe(false);

    await identity.publish(
      makeEnvelope(IdentityEvents.organisationVerified, {
        orgId: hospital.orgId!,
        name: hospital.name,
        verifiedAt: new Date().toISOString(),
      }),
    );
    const at = Date.now();
    await eventually(async () => ((await verified()) ? true : undefined), 2000);
    expect(Date.now() - at).toBeLessThan(2000);
    const pdf = await ctx.call('GET', `/api/event/certificates/${id}/pdf`, hospital);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Moi Teaching and Referral Hospital is an organisation verified by AfyaHR.');
    expect(text).not.toContain('NOT');
  });

  it('a forged verification for another organisation changes nothing here', async () => {
    const clinic = ctx.persona('Clinic', { name: 'Small Clinic' });
    const id = await certificate(clinic, 'Someone', 'Hand hygiene');
    await identity.publish(
      makeEnvelope(IdentityEvents.organisationVerified, {
        orgId: 'not-a-uuid',
        name: clinic.name,
        verifiedAt: new Date().toISOString(),
      }),
    );
    await new Promise((r) => setTimeout(r, 800));
    const check = await ctx.call('GET', `/api/event/certificates/${id}`);
    expect(check.json().data.certificate.issuerVerified).toBe(false);
  });
});
