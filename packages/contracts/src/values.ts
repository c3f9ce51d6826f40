/**
 * Plain values shared with the browser: import them from `@platform/contracts/values`, which pulls in
 * no TypeBox (the schemas stay on the server; remotes import only types and these lists).
 */

/** Job types a clinic may post; the public filter offers the same list. */
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Temporary'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * The job board counts matches exactly up to this many past the current page, then says "more
 * than": counting a broad filter's every match would cost more than the page itself.
 */
export const JOB_COUNT_CAP = 100;
