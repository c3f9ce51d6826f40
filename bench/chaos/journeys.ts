/**
 * The chaos run's load: real journeys through the gateways, started at a steady pace whatever the platform
 * answers (open loop), each step a request a person's browser would send. Clinics sign up, pay for the
 * Essential plan through the payments sandbox, post jobs and a CPD event starting within the hour, and check
 * in whoever registered; professionals sign up, log in, apply for a job, register for an event, ask another
 * professional to connect and start a discussion; visitors read the board, the events and the discussions.
 * Every write answered 2xx goes into the ledger with what identifies it, for the checks afterwards.
 */
import { randomUUID } from 'node:crypto';
import { localDayAndTime } from '../../scripts/demo/events';
import { sleep, type ChaosClient } from './client';

export type WriteKind =
  | 'account'
  | 'payment'
  | 'job'
  | 'application'
  | 'event'
  | 'registration'
  | 'checkin'
  | 'connection'
  | 'discussion';

/** A write the platform acknowledged (2xx): what it answered and what identifies it in the service's schema. */
export interface Write {
  kind: WriteKind;
  /** The id the answer gave. */
  id: string;
  /** What identifies it beside its id (an e-mail, a title, the pair it joins). */
  key: Record<string, string>;
  at: number;
}

/** A write answered without 2xx (no answer, 5xx): it may or may not have been done; the checks report which. */
export interface Unacknowledged {
  kind: WriteKind;
  key: Record<string, string>;
  status: number;
}

interface Person {
  n: number;
  id: string;
  email: string;
  token: string;
  from: string;
  registeredAt: number;
}

interface Clinic extends Person {
  name: string;
  events: string[];
}

const PASSWORD = 'chaos run nurse battery staple 42';
const TIME_ZONE = 'Africa/Nairobi';
const ok = (status: number) => status >= 200 && status < 300;
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

export interface LoadOptions {
  /** The run's own word in every e-mail and title: its rows are told from anything else. */
  runId: string;
  seconds: number;
  /** A new professional every this many ms, a new clinic every this many. */
  professionalEveryMs: number;
  clinicEveryMs: number;
  /** Visitors' reads a second. */
  readsPerSecond: number;
}

export class ChaosLoad {
  readonly ledger: Write[] = [];
  readonly unacknowledged: Unacknowledged[] = [];
  private readonly professionals: Person[] = [];
  private readonly clinics: Clinic[] = [];
  private readonly jobs: string[] = [];
  private readonly events: { id: string; clinic: Clinic }[] = [];
  private readonly tickets = new Map<Clinic, { eventId: string; ticket: string; registrationId: string }[]>();
  private readonly applied = new Set<string>();
  private readonly asked = new Set<string>();
  private people = 0;
  private stopping = false;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly client: ChaosClient,
    private readonly opts: LoadOptions,
  ) {}

  /** Runs the load for `seconds`, then waits for the journeys under way to end (each is short). */
  async run(): Promise<void> {
    const end = this.client.now() + this.opts.seconds * 1000;
    const spawner = async (everyMs: number, journey: () => Promise<void>) => {
      for (let next = this.client.now(); next < end; next += everyMs) {
        await sleep(Math.max(0, next - this.client.now()));
        if (this.client.now() >= end) break;
        const p = journey().catch((err: unknown) => console.error('chaos: a journey failed:', err));
        this.running.add(p);
        void p.finally(() => this.running.delete(p));
      }
    };
    await Promise.all([
      spawner(this.opts.professionalEveryMs, () => this.professional()),
      spawner(this.opts.clinicEveryMs, () => this.clinic()),
      spawner(1000 / this.opts.readsPerSecond, () => this.visitor()),
    ]);
    this.stopping = true;
    await Promise.all([...this.running]);
  }

  private acknowledged(kind: WriteKind, status: number, id: string | undefined, key: Record<string, string>) {
    if (ok(status) && id) this.ledger.push({ kind, id, key, at: this.client.now() });
    else if (status === 0 || status >= 500) this.unacknowledged.push({ kind, key, status });
  }

  /** Registers and logs in; undefined when either is not answered 2xx. */
  private async signUp(role: 'user' | 'Clinic', name: string): Promise<Person | undefined> {
    const n = ++this.people;
    // Each person from an address of their own (10.x.y.z), as the balancer names them.
    const from = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const email = `chaos.${role === 'Clinic' ? 'clinic' : 'nurse'}.${n}.${this.opts.runId}@chaos.example`;
    const reg = await this.client.call<{ user?: { id: string } }>(
      'POST',
      'POST /api/user/register',
      '/api/user/register',
      {
        from,
        body: {
          name,
          email,
          password: PASSWORD,
          role,
          ...(role === 'user' ? { designation: 'Registered Nurse', skills: ['Triage'] } : {}),
          location: 'Nakuru',
          country: 'Kenya',
          phone: '+254 700 111 222',
        },
      },
    );
    this.acknowledged('account', reg.status, reg.body.user?.id, { email, role });
    if (!ok(reg.status) || !reg.body.user) return undefined;
    const login = await this.login(email, from);
    if (!login) return undefined;
    return { n, id: reg.body.user.id, email, token: login, from, registeredAt: this.client.now() };
  }

  /** A login, tried again a few times while the platform does not answer (as a person presses again). */
  private async login(email: string, from: string): Promise<string | undefined> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await this.client.call<{ token?: string }>(
        'POST',
        'POST /api/user/login',
        '/api/user/login',
        {
          from,
          body: { email, password: PASSWORD },
        },
      );
      if (ok(res.status) && res.body.token) return res.body.token;
      if (res.status !== 0 && res.status < 500) return undefined;
      await sleep(2000);
    }
    return undefined;
  }

  private async professional(): Promise<void> {
    const me = await this.signUp('user', `Chaos Nurse ${this.people + 1}`);
    if (!me) return;
    this.professionals.push(me);
    // Identity's event reaches the other services' projections within a moment.
    await sleep(4000);
    const steps = [
      () => this.apply(me),
      () => this.registerForEvent(me),
      () => this.connect(me),
      () => this.discuss(me),
    ].sort(() => Math.random() - 0.5);
    for (const step of steps) {
      if (this.stopping) return;
      await step();
      await sleep(1500 + Math.random() * 1500);
    }
  }

  private async apply(me: Person): Promise<void> {
    const jobId = pick(this.jobs.filter((j) => !this.applied.has(`${j}:${me.id}`)));
    if (!jobId) return;
    this.applied.add(`${jobId}:${me.id}`);
    const res = await this.client.call<{ data?: { id: string } }>(
      'POST',
      'POST /api/application/apply',
      '/api/application/apply',
      {
        token: me.token,
        from: me.from,
        body: {
          jobId,
          fullName: `Chaos Nurse ${me.n}`,
          email: me.email,
          phoneNumber: '+254 700 111 222',
          coverLetter: 'Five years on a busy maternity ward; night shifts welcome.',
          resumeUrl: `https://cv.chaos.example/nurse-${me.n}.pdf`,
        },
      },
    );
    this.acknowledged('application', res.status, res.body.data?.id, { jobId, userId: me.id });
  }

  private async registerForEvent(me: Person): Promise<void> {
    const event = pick(this.events);
    if (!event) return;
    const res = await this.client.call<{ data?: { id: string; ticket?: string } }>(
      'POST',
      'POST /api/event/:id/registrations',
      `/api/event/${event.id}/registrations`,
      { token: me.token, from: me.from },
    );
    this.acknowledged('registration', res.status, res.body.data?.id, { eventId: event.id, userId: me.id });
    if (ok(res.status) && res.body.data?.ticket)
      this.tickets
        .get(event.clinic)!
        .push({ eventId: event.id, ticket: res.body.data.ticket, registrationId: res.body.data.id });
  }

  private async connect(me: Person): Promise<void> {
    // Someone registered a while ago (Connect's directory knows them by now), not asked before.
    const other = pick(
      this.professionals.filter(
        (p) =>
          p !== me &&
          me.registeredAt - p.registeredAt > 5000 &&
          !this.asked.has([me.id, p.id].sort().join(':')),
      ),
    );
    if (!other) return;
    this.asked.add([me.id, other.id].sort().join(':'));
    const res = await this.client.call<{ data?: { id: string } }>(
      'POST',
      'POST /api/connect/requests',
      '/api/connect/requests',
      { token: me.token, from: me.from, body: { userId: other.id } },
    );
    this.acknowledged('connection', res.status, res.body.data?.id, { fromId: me.id, toId: other.id });
  }

  private async discuss(me: Person): Promise<void> {
    const title = `Night-shift handover checklists ${me.n} ${this.opts.runId}`;
    const res = await this.client.call<{ data?: { id: string } }>(
      'POST',
      'POST /api/discussion/add',
      '/api/discussion/add',
      {
        token: me.token,
        from: me.from,
        body: {
          title,
          content: 'How does your ward hand over at 7 pm? We use a one-page checklist per patient.',
          category: 'General',
          visibility: 'Public',
        },
      },
    );
    this.acknowledged('discussion', res.status, res.body.data?.id, { title });
  }

  private async clinic(): Promise<void> {
    const name = `Chaos Clinic ${this.people + 1}`;
    const person = await this.signUp('Clinic', name);
    if (!person) return;
    const me: Clinic = { ...person, name, events: [] };
    this.clinics.push(me);
    this.tickets.set(me, []);
    await this.pay(me);
    for (const k of [1, 2]) await this.postJob(me, k);
    await this.createEvent(me);
    // The door: whoever registered is checked in, until the run ends.
    while (!this.stopping) {
      await sleep(3000);
      const waiting = this.tickets.get(me)!.splice(0);
      for (const t of waiting) await this.checkIn(me, t);
    }
  }

  /** The Essential plan by M-Pesa through the sandbox (it pays a moment later and calls back). */
  private async pay(me: Clinic): Promise<void> {
    // One key for the checkout, sent again while unanswered: the platform takes it once whatever happens.
    const key = randomUUID();
    let id: string | undefined;
    for (let attempt = 0; attempt < 4 && !id; attempt++) {
      const res = await this.client.call<{ data?: { id: string } }>(
        'POST',
        'POST /api/billing/checkout',
        '/api/billing/checkout',
        {
          token: me.token,
          from: me.from,
          idempotencyKey: key,
          body: { items: ['essential'], method: 'mpesa', phone: '0708374149' },
        },
      );
      if (ok(res.status)) id = res.body.data?.id;
      else if (res.status !== 0 && res.status < 500) break;
      else await sleep(2000);
      this.acknowledged('payment', res.status, id, { idempotencyKey: key });
    }
    if (!id) return;
    // As the checkout page does: asks until it is settled (the plan is then active).
    for (let i = 0; i < 30; i++) {
      await sleep(1000);
      const res = await this.client.call<{ data?: { status: string } }>(
        'GET',
        'GET /api/billing/payments/:id',
        `/api/billing/payments/${id}`,
        { token: me.token, from: me.from },
      );
      if (ok(res.status) && res.body.data?.status !== 'pending') return;
    }
  }

  private async postJob(me: Clinic, k: number): Promise<void> {
    const title = `Registered Nurse, maternity ${me.n}.${k} ${this.opts.runId}`;
    const res = await this.client.call<{ data?: { id: string } }>(
      'POST',
      'POST /api/job/add',
      '/api/job/add',
      {
        token: me.token,
        from: me.from,
        body: {
          title,
          organization: me.name,
          location: 'Nakuru, Kenya',
          type: 'Full-time',
          description:
            'Day and night shifts on the maternity ward; a current nursing council licence required.',
        },
      },
    );
    this.acknowledged('job', res.status, res.body.data?.id, { title });
    if (ok(res.status) && res.body.data) this.jobs.push(res.body.data.id);
  }

  private async createEvent(me: Clinic): Promise<void> {
    const title = `Neonatal resuscitation refresher ${me.n} ${this.opts.runId}`;
    // Starts within the hour, so its door (open two hours before) takes check-ins now.
    const step = 5 * 60_000;
    const starts = new Date(Math.ceil((Date.now() + 40 * 60_000) / step) * step);
    const res = await this.client.call<{ data?: { id: string } }>(
      'POST',
      'POST /api/event/add',
      '/api/event/add',
      {
        token: me.token,
        from: me.from,
        body: {
          title,
          description: 'Hands-on session with the unit’s own equipment; bring your badge.',
          category: 'Training',
          ...localDayAndTime(starts, TIME_ZONE),
          timeZone: TIME_ZONE,
          durationMinutes: 120,
          location: `${me.name}, Nakuru`,
          country: 'Kenya',
          capacity: 500,
          cpdPoints: 2,
          tags: ['Neonatal'],
        },
      },
    );
    this.acknowledged('event', res.status, res.body.data?.id, { title });
    if (ok(res.status) && res.body.data) this.events.push({ id: res.body.data.id, clinic: me });
  }

  private async checkIn(me: Clinic, t: { eventId: string; ticket: string; registrationId: string }) {
    const res = await this.client.call<{ data?: { registrationId: string } }>(
      'POST',
      'POST /api/event/:id/checkins',
      `/api/event/${t.eventId}/checkins`,
      { token: me.token, from: me.from, body: { ticket: t.ticket } },
    );
    this.acknowledged('checkin', res.status, res.body.data?.registrationId, {
      registrationId: t.registrationId,
    });
  }

  /** Someone browsing: the board, the events, the discussions. */
  private async visitor(): Promise<void> {
    const [route, path] = pick([
      ['GET /api/job/get', '/api/job/get'],
      ['GET /api/event/get', '/api/event/get'],
      ['GET /api/discussion/get', '/api/discussion/get'],
    ])!;
    await this.client.call('GET', route, path, { from: `192.168.${Math.floor(Math.random() * 250)}.7` });
  }
}
