import { startServiceForTest, type Persona, type ServiceContext } from '@platform/testing';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '@platform/service-kit';
import { readConfig, type EventsConfig } from '../src/config';
import { buildApp } from '../src/app';

export type { Persona };
export type EventsContext = ServiceContext<EventsConfig, App, LightMyRequestResponse>;

/** svc-events on its own database and NATS prefix, with a key pair standing in for svc-identity's. */
export const startEvents = (env: Record<string, string> = {}): Promise<EventsContext> =>
  startServiceForTest<EventsConfig, LightMyRequestResponse, App>('events', readConfig, buildApp, env);

/** A date `days` from now (YYYY-MM-DD, UTC): far enough ahead that its start is in the future. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const anEvent = (over: Record<string, unknown> = {}) => ({
  title: 'Neonatal resuscitation refresher',
  description: 'Hands-on practice of the newborn life-support algorithm; bring your KNCHR number.',
  category: 'Training',
  date: inDays(10),
  time: '09:30',
  location: 'Nakuru Level 5 Hospital',
  speaker: { name: 'Dr. Achieng Otieno', designation: 'Consultant Paediatrician' },
  tags: ['CPD', 'Neonatal'],
  zoomLink: 'https://zoom.us/j/123456789',
  ...over,
});
