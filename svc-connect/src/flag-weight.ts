import { CONNECT_LIMITS } from '../contract';

const DAY_MS = 86_400_000;

/** What a flag's weight and an author's protection are judged on: the account's age and standing. */
export interface Standing {
  accountCreatedAt: Date;
  /** The account proved its e-mail address. */
  emailVerified: boolean;
}

const ageDays = (who: Standing, now: number) => (now - who.accountCreatedAt.getTime()) / DAY_MS;

/** Established: old enough and with a proved address. Their posts are never hidden by flags alone. */
export const isEstablished = (who: Standing, now = Date.now()) =>
  who.emailVerified && ageDays(who, now) >= CONNECT_LIMITS.establishedMemberDays;

/**
 * How much one person's flag counts towards hiding a post: nothing from a new account (a brigade of fresh
 * sign-ups only reaches the moderators), most from an established member.
 */
export function flagWeight(flagger: Standing, now = Date.now()): number {
  if (ageDays(flagger, now) < CONNECT_LIMITS.newAccountDays) return 0;
  return isEstablished(flagger, now) ? 2 : 1;
}

/**
 * What a flag does to a visible post: at `flagsToHide` flags it is reported to the moderators (once);
 * it is hidden when the flags also weigh `flagWeightToHide` and its author is not established.
 */
export function flagOutcome(opts: {
  flagCount: number;
  weight: number;
  visible: boolean;
  authorEstablished: boolean;
}): { hide: boolean; report: boolean } {
  const hide =
    opts.visible &&
    !opts.authorEstablished &&
    opts.flagCount >= CONNECT_LIMITS.flagsToHide &&
    opts.weight >= CONNECT_LIMITS.flagWeightToHide;
  const report = hide || (opts.visible && opts.flagCount === CONNECT_LIMITS.flagsToHide);
  return { hide, report };
}
