import { startServiceForTest, type Persona, type ServiceContext } from '@platform/testing';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '@platform/service-kit';
import { readConfig, type HireConfig } from '../src/config';
import { buildApp } from '../src/app';

export type { Persona };
export type HireContext = ServiceContext<HireConfig, App, LightMyRequestResponse>;

/** svc-hire on its own database and NATS prefix, with a key pair standing in for svc-identity's. */
export const startHire = (env: Record<string, string> = {}): Promise<HireContext> =>
  startServiceForTest<HireConfig, LightMyRequestResponse, App>('hire', readConfig, buildApp, env);

export const aJob = (over: Record<string, unknown> = {}) => ({
  title: 'Registered Nurse, Maternity',
  organization: 'Nakuru Family Clinic',
  department: 'Maternity',
  location: 'Nakuru, Kenya',
  type: 'Full-time',
  description: 'Day shifts on the maternity ward; KNCHR licence required.',
  salaryRange: 'Ksh 80,000 - 110,000',
  ...over,
});

export const anApplication = (jobId: string, over: Record<string, unknown> = {}) => ({
  jobId,
  fullName: 'Amina Wanjiru',
  email: 'amina@example.org',
  phoneNumber: '+254 700 111 222',
  coverLetter: 'Six years in maternity care.',
  resumeUrl: 'https://cv.example.org/amina.pdf',
  ...over,
});

export { userEvent } from '@platform/testing';
