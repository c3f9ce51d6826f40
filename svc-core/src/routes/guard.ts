import type { FastifyRequest } from 'fastify';
import { requireEntitlement } from '@platform/service-kit';
import type { OrgActor } from '../domain/roles';
import type { OrgStore } from '../stores/org-store';

export const secured = { tags: ['core'], security: [{ bearer: [] }] };

/**
 * The caller as a member of an organisation whose plan includes Core (billing's projection; a clinic billing
 * has not spoken of yet is on its trial), or a 403/402 that changes nothing.
 */
export async function memberOf(orgs: OrgStore, request: FastifyRequest): Promise<OrgActor> {
  const actor = await orgs.actorOf(request.user);
  await requireEntitlement(await orgs.entitlements(actor.organisationId), 'core');
  return actor;
}

export const requestInfo = (request: FastifyRequest) => ({ ip: request.ip, id: String(request.id) });
