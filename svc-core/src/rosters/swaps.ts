/**
 * Shift swaps, as rules over plain values: who may take an offer and who decides on it. The store
 * (`stores/swap-store.ts`) reads the rows and asks these; the roster's own rules (`roster-rules.ts`) say
 * what the taker would break.
 */
import { canManageRoster, type OrgActor } from '../domain/roles';

/**
 * `open`: offered, waiting for a colleague; `taken`: a colleague took it, waiting for the manager;
 * `approved` (the shift is the taker's), `declined`, `withdrawn` (by the person who offered it): closed.
 */
export const SWAP_STATUSES = ['open', 'taken', 'approved', 'declined', 'withdrawn'] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];
/** An offer still alive: one per assignment at a time. */
export const LIVE_SWAP_STATUSES: readonly SwapStatus[] = ['open', 'taken'];

/** Why a colleague may not take an offer; null: they may. */
export type TakeRefusal = 'own' | 'profession' | 'not-cleared';

/**
 * A colleague takes an offer when it is not their own, they have the offer's profession, and, on a
 * clinical shift, they are cleared to practise (the licence rule of rosters).
 */
export function takeRefusal(
  taker: { staffId: string; profession: string | null; cleared: boolean },
  offer: { offeredBy: string; profession: string; clinical: boolean },
): TakeRefusal | null {
  if (taker.staffId === offer.offeredBy) return 'own';
  if (taker.profession !== offer.profession) return 'profession';
  if (offer.clinical && !taker.cleared) return 'not-cleared';
  return null;
}

/**
 * Who approves or declines a swap: HR, or a manager of the roster's department (those who make its
 * rosters), never one of its two parties.
 */
export function canDecideSwap(
  actor: OrgActor,
  department: { organisationId: string; id: string },
  partyPersonIds: readonly (string | null)[],
): boolean {
  if (partyPersonIds.includes(actor.personId)) return false;
  return canManageRoster(actor, department);
}
