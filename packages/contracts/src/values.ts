/**
 * Plain values shared with the browser: import them from `@platform/contracts/values`, which pulls in
 * no TypeBox (the schemas stay on the server; remotes import only types and these lists).
 */

/** Job types a clinic may post; the public filter offers the same list. */
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Temporary'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The job board counts exactly up to this many matches, then says "1,000+". */
export const JOB_COUNT_CAP = 1000;
