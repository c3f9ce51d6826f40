import path from 'node:path';
import { buildServiceRuntime, type App } from '@platform/service-kit';
import type { EventBus } from '@platform/event-bus';
import type { CoreConfig } from './config';
import * as schema from './db/schema';
import { OrgStore } from './stores/org-store';
import { CredentialStore } from './stores/credential-store';
import { StaffStore } from './stores/staff-store';
import { PolicyStore } from './stores/policy-store';
import { ComplianceStore } from './stores/compliance-store';
import { TrainingStore } from './stores/training-store';
import { HireStore } from './stores/hire-store';
import { LeaveStore } from './stores/leave-store';
import { LeaveDocumentStore } from './stores/leave-documents';
import { ShiftTemplateStore } from './stores/shift-template-store';
import { RosterStore } from './stores/roster-store';
import { SwapStore } from './stores/swap-store';
import { CalendarStore } from './stores/calendar-store';
import { ContractStore } from './stores/contract-store';
import { TimeClockStore } from './stores/time-clock-store';
import { WellnessStore } from './stores/wellness-store';
import { LicenceAlertRoleStore } from './stores/licence-alert-roles';
import { ExpirySweep } from './stores/expiry-alerts';
import { peopleSync } from './events/people-sync';
import { alertSweep } from './events/alert-sweep';
import { entitlements } from './events/entitlements';
import { eventCheckins } from './events/event-checkins';
import { hires as hireEvents } from './events/hires';
import { workflowNudges } from './events/workflow-nudges';
import councilRoutes from './routes/councils';
import credentialRoutes from './routes/credentials';
import staffRoutes from './routes/staff';
import policyRoutes from './routes/policies';
import complianceRoutes from './routes/compliance';
import trainingRoutes from './routes/trainings';
import hireRoutes from './routes/hires';
import leaveRoutes from './routes/leave';
import leaveDocumentRoutes from './routes/leave-documents';
import rosterRoutes from './routes/rosters';
import swapRoutes from './routes/swaps';
import calendarRoutes from './routes/calendar';
import contractRoutes from './routes/contracts';
import { contractEndAlerts } from './stores/contract-end-alerts';
import licenceAlertRoutes from './routes/licence-alerts';
import organisationRoutes from './routes/organisation';
import timeClockRoutes from './routes/time-clock';
import wellnessRoutes from './routes/wellness';
import workflowRoutes from './routes/workflows';
import { WorkflowStore } from './stores/workflow-store';
import { WorkflowSweep } from './stores/workflow-sweep';

export interface BuildOptions {
  /** Tests may pass an already-connected bus; otherwise one is connected from NATS_URL. */
  bus?: EventBus;
  /** The clock (tests move it); default: the system's. */
  now?: () => Date;
  /** How often the expiry sweep is scheduled (once across instances); 0: never by itself. Default: hourly. */
  sweepEveryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the expiry sweep (credentials, compliance documents, trainings) here and now: what the schedule does. */
    sweep(): Promise<{ sent: number; skipped: boolean }>;
    /** Runs the HR workflows' sweep here and now: what the schedule does. */
    sweepWorkflows(): Promise<{ ran: number; skipped: boolean }>;
  }
}

/** Builds svc-core: its stores, identity's people projection, the expiry sweep, its routes. */
export async function buildApp(config: CoreConfig, opts: BuildOptions = {}): Promise<App> {
  const { app, db, bus } = await buildServiceRuntime({
    name: 'svc-core',
    config,
    database: {
      schemaName: 'core',
      tables: schema,
      migrationsFolder: path.join(__dirname, '..', 'drizzle'),
      // The dashboard's reads are a few milliseconds each: a parallel plan's workers doubled the hospital's
      // (16 ms to count its expiring licences, 4 of them in the query) and tripled its processes under load
      // (bench/notebook/2026-11-29-core.md).
      settings: { max_parallel_workers_per_gather: 0 },
    },
    producer: 'core',
    bus: opts.bus,
  });
  const now = opts.now ?? (() => new Date());
  const orgs = new OrgStore(db);
  const alertRoles = new LicenceAlertRoleStore(db);
  const credentials = new CredentialStore(db, orgs, now, alertRoles);
  const staff = new StaffStore(db, orgs, credentials);
  const policies = new PolicyStore(db, now);
  const compliance = new ComplianceStore(db, orgs, now);
  const trainings = new TrainingStore(db, orgs, now);
  const hires = new HireStore(db, now);
  const leave = new LeaveStore(db, orgs, now);
  const leaveDocuments = new LeaveDocumentStore(db, leave);
  const shiftTemplates = new ShiftTemplateStore(db, now);
  const rosters = new RosterStore(db, shiftTemplates, now);
  const swaps = new SwapStore(db, orgs, now);
  const calendar = new CalendarStore(db);
  const contracts = new ContractStore(db, now);
  const clock = new TimeClockStore(db, shiftTemplates, now);
  const wellness = new WellnessStore(db, now);
  const expiry = new ExpirySweep(db, now, [
    credentials.alerts,
    compliance.alerts,
    trainings.alerts,
    contractEndAlerts(db, orgs, now),
  ]);
  const workflows = new WorkflowStore(db, now);
  const workflowSweep = new WorkflowSweep(db, orgs, contracts, now, app.log);
  await credentials.seedCouncils();
  app.decorate('sweep', () => expiry.sweep());
  app.decorate('sweepWorkflows', () => workflowSweep.sweep());
  await app.register(peopleSync, { bus, db, processed: schema.processed, orgs });
  await app.register(entitlements, { bus, db });
  await app.register(eventCheckins, { bus, db, trainings });
  await app.register(hireEvents, { bus, db, hires });
  await app.register(workflowNudges, { bus, sweep: workflowSweep });
  await app.register(alertSweep, {
    expiry,
    workflows: workflowSweep,
    everyMs: opts.sweepEveryMs ?? 3_600_000,
    url: config.DATABASE_URL,
  });
  await app.register(councilRoutes, { credentials, orgs });
  await app.register(credentialRoutes, { credentials, orgs });
  await app.register(staffRoutes, { staff, orgs, compliance, trainings });
  await app.register(policyRoutes, { policies, orgs });
  await app.register(organisationRoutes, { orgs });
  await app.register(complianceRoutes, { compliance, orgs });
  await app.register(trainingRoutes, { trainings, orgs });
  await app.register(hireRoutes, { hires, orgs });
  await app.register(leaveRoutes, { leave, orgs });
  await app.register(leaveDocumentRoutes, { documents: leaveDocuments, orgs });
  await app.register(rosterRoutes, { templates: shiftTemplates, rosters, orgs });
  await app.register(swapRoutes, { swaps, orgs });
  await app.register(calendarRoutes, { calendar, orgs });
  await app.register(timeClockRoutes, { clock, orgs });
  await app.register(licenceAlertRoutes, { alertRoles, orgs });
  await app.register(contractRoutes, { contracts, orgs });
  await app.register(wellnessRoutes, { wellness, orgs });
  await app.register(workflowRoutes, { workflows, orgs });
  return app;
}
