import { outboxTable, processedEventsTable } from '@platform/event-bus';
import { orgEntitlementsTable } from '@platform/service-kit';
import { core } from './tables';

export * from './tables';
export const outbox = outboxTable(core);
export const processed = processedEventsTable(core);
/** What each organisation bought: billing's subscription events, projected (service-kit's one way). */
export const orgEntitlements = orgEntitlementsTable(core);
