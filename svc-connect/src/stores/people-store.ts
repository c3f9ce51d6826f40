import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  addressFor,
  ownPhoto,
  professionOf,
  type Profession,
  type UserDeletedData,
  type UserEventData,
} from '@platform/contracts';
import {
  type FacetCount,
  type Professional,
  type ProfessionalQuery,
  type ConnectionState,
  type VerifiedCredential,
} from '../../contract';
import { applyCredential, currentProfessions, pageOf } from '@platform/service-kit';
import type { CredentialEventData } from '@platform/svc-core/contract';
import {
  connectionRequests,
  credentialSources,
  facetCounts,
  searchTerms,
  users,
  verifiedProfessions,
  type UserRow,
} from '../db/schema';
import type { Actor, Db, Tx } from './db';

const LISTED = sql`not ${users.deleted} and ${users.role} <> 'admin'`;
const FACETS = ['facility', 'location', 'country', 'profession'] as const;
type Facet = (typeof FACETS)[number];
const FACET_VALUES = 50;

/** The Location filter's value: the location the person gave, else the first part of their address. */
export const locationOf = (location: string, address: string) =>
  (location.trim() || address.split(',')[0]!.trim()).slice(0, 160);

const listed = (u: Pick<UserRow, 'deleted' | 'role'> | undefined) => !!u && !u.deleted && u.role !== 'admin';

/** The facet values a listed person adds to the counts (blank values are not offered as filters). */
function facetValuesOf(u: UserRow | undefined): [string, string][] {
  if (!listed(u)) return [];
  const values: [string, string][] = [['total', '']];
  for (const f of FACETS) if (u![f]) values.push([f, u![f]]);
  return values;
}

/** A caller as actorOf reads them: their projected row (if any) and their verified professions. */
export interface Caller {
  row: UserRow | undefined;
  verifiedProfessions: Profession[];
}

export interface Facets {
  total: number;
  facets: Record<Facet, FacetCount[]>;
}

/** How long a caller's own row is reused (PeopleStore.caller). */
export const CALLER_ROW_MS = 5000;

/**
 * The directory: the users projection (from identity's events), its search with facet counts, and the
 * people behind requests and discussions.
 */
export class PeopleStore {
  /** Facets and totals per filter, and ranked pages of searches: what the viewer does not change. */
  private readonly cache = new Map<string, { at: number; value: Promise<unknown> }>();
  /** Callers' own rows (actorOf reads one on every request), kept `callerMs`; an event about one drops it. */
  private readonly callers = new Map<string, { at: number; value: Promise<Caller> }>();

  constructor(
    private readonly db: Db,
    private readonly cacheMs: number,
    private readonly callerMs = CALLER_ROW_MS,
  ) {}

  /**
   * The calling account's row, as `find` gives it, kept a few seconds: every signed-in request needs its
   * profession, organisation's facility, country and age, and a person makes requests in bursts (a page's
   * list, then its details). A change committed here drops the row at once (forgetPerson); through another
   * instance, once its `connect.directory.changed.v1` arrives (about a second), and within `callerMs` anyway.
   */
  caller(id: string): Promise<Caller> {
    const now = Date.now();
    const hit = this.callers.get(id);
    if (hit && now - hit.at < this.callerMs) return hit.value;
    const value = Promise.all([this.find(id), this.verifiedProfessionsOf(id)]).then(
      ([row, verifiedProfessions]) => ({ row, verifiedProfessions }),
    );
    if (this.callerMs > 0) {
      if (this.callers.size >= 10_000) this.callers.clear();
      this.callers.set(id, { at: now, value });
      value.catch(() => this.callers.delete(id));
    }
    return value;
  }

  /** Drops a caller's kept row: once an event about them is committed (not before, or a read in between
   * would keep the old row again). */
  forgetCaller(id: string): void {
    this.callers.delete(id);
  }

  /**
   * A person's entry changed (a `connect.directory.changed.v1` this instance wrote or followed): their kept
   * row, and every search's order and counts, which the change may move.
   */
  forgetPerson(id: string): void {
    this.callers.delete(id);
    this.cache.clear();
  }

  /**
   * Applies one identity.user.* event (already de-duplicated by the caller's transaction): the row, only
   * when newer, and the facet counts it changes.
   */
  async apply(tx: Tx, type: 'upsert' | 'delete', data: UserEventData | UserDeletedData): Promise<void> {
    const [old] = await tx.select().from(users).where(eq(users.id, data.id)).for('update');
    if (old && old.version >= data.version) return;
    const oldWords = await this.wordsOf(tx, data.id);
    let next: typeof users.$inferInsert;
    if (type === 'delete') {
      next = {
        id: data.id,
        name: 'Deleted account',
        email: '',
        phone: '',
        role: old?.role ?? 'user',
        orgId: null,
        profession: 'Other',
        designation: '',
        description: '',
        address: '',
        location: '',
        facility: '',
        country: '',
        skills: [],
        skillsText: '',
        photo: '',
        contactPublic: false,
        emailVerified: false,
        accountCreatedAt: old?.accountCreatedAt ?? new Date(),
        deleted: true,
        version: data.version,
      };
    } else {
      const u = data as UserEventData;
      next = {
        id: u.id,
        name: u.name,
        email: u.email.toLowerCase(),
        phone: u.phone,
        role: u.role,
        orgId: u.orgId,
        profession: professionOf(u.role, u.designation),
        designation: u.designation,
        description: u.description,
        address: u.address,
        location: locationOf(u.location, u.address),
        facility: u.facility.trim(),
        country: u.country.trim(),
        skills: u.skills,
        skillsText: u.skills.join(' '),
        // Only a photo uploaded to the platform: an older event may still carry a link to another site.
        photo: ownPhoto(u.photo),
        contactPublic: u.contactPublic ?? false,
        emailVerified: u.emailVerified ?? false,
        accountCreatedAt: new Date(u.createdAt),
        deleted: false,
        version: u.version,
      };
    }
    const [row] = await tx
      .insert(users)
      .values(next)
      .onConflictDoUpdate({ target: users.id, set: next })
      .returning();
    await this.adjustFacets(tx, facetValuesOf(old), -1);
    await this.adjustFacets(tx, facetValuesOf(row), +1);
    const newWords = await this.wordsOf(tx, data.id);
    await this.adjustWords(
      tx,
      oldWords.filter((w) => !newWords.includes(w)),
      -1,
    );
    await this.adjustWords(
      tx,
      newWords.filter((w) => !oldWords.includes(w)),
      +1,
    );
  }

  /** The words of a listed person's search document (none for an unlisted one). */
  private async wordsOf(tx: Tx, id: string): Promise<string[]> {
    const rows = await tx.execute<{ words: string[] }>(
      sql`select tsvector_to_array(search_vector) as words from ${users} where id = ${id} and ${LISTED}`,
    );
    return rows[0]?.words ?? [];
  }

  private async adjustWords(tx: Tx, words: string[], by: 1 | -1) {
    if (words.length === 0) return;
    const list = sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    );
    await tx.execute(sql`
      insert into ${searchTerms} (word, uses) select w, ${by > 0 ? 1 : 0}::int from unnest(array[${list}]::text[]) w
      on conflict (word) do update set uses = greatest(${searchTerms.uses} + ${by}::int, 0)`);
  }

  private async adjustFacets(tx: Tx, values: [string, string][], by: 1 | -1) {
    for (const [facet, value] of values)
      await tx
        .insert(facetCounts)
        .values({ facet: facet as Facet, value, count: Math.max(by, 0) })
        .onConflictDoUpdate({
          target: [facetCounts.facet, facetCounts.value],
          set: { count: sql`greatest(${facetCounts.count} + ${by}, 0)` },
        });
  }

  /** Recounts the facets and the vocabulary from the projection (after a bulk load, e.g. the bench's seed). */
  async recount(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(searchTerms);
      await tx.execute(sql`
        insert into ${searchTerms} (word, uses)
        select w, count(*)::int from ${users} cross join lateral unnest(tsvector_to_array(search_vector)) w
        where ${LISTED} group by w`);
      await tx.delete(facetCounts);
      await tx.execute(sql`
        insert into ${facetCounts} (facet, value, count)
        select 'total', '', count(*)::int from ${users} where ${LISTED}
        union all
        select f.facet, f.value, count(*)::int from ${users}
          cross join lateral (values ('facility', facility), ('location', location), ('country', country),
            ('profession', profession)) as f(facet, value)
          where ${LISTED} and f.value <> '' group by f.facet, f.value`);
    });
    this.cache.clear();
  }

  async find(id: string): Promise<UserRow | undefined> {
    const [u] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return u;
  }

  /** The professions of the person's verified licences that have not expired. */
  async verifiedProfessionsOf(personId: string): Promise<Profession[]> {
    const [row] = await this.db.execute<{ professions: Profession[] }>(
      sql`select ${currentProfessions(verifiedProfessions, sql`${personId}::uuid`)} as professions`,
    );
    return row?.professions ?? [];
  }

  /**
   * Applies one of svc-core's credential events (already de-duplicated by the caller's transaction): a
   * verified licence gives its holder its council's professions; an expired one takes them away.
   */
  async applyCredential(tx: Tx, type: 'verified' | 'expired', data: CredentialEventData): Promise<void> {
    await applyCredential(tx, verifiedProfessions, type, data);
    if (!data.personId) return;
    if (type === 'expired') {
      await tx.delete(credentialSources).where(eq(credentialSources.credentialId, data.credentialId));
      return;
    }
    const source = {
      credentialId: data.credentialId,
      councilCode: data.councilCode,
      organisationId: data.organisationId,
    };
    await tx
      .insert(credentialSources)
      .values(source)
      .onConflictDoUpdate({ target: credentialSources.credentialId, set: source });
  }

  /**
   * The person's current verified licences for their profile page: the professions, the council, the
   * organisation whose HR verified it (its name as its clinic account has it, when known) and the last
   * day it is valid; soonest to expire last.
   */
  async credentialsOf(personId: string): Promise<VerifiedCredential[]> {
    const rows = await this.db.execute<{
      professions: string[];
      council: string | null;
      verified_by: string | null;
      expires_on: string;
    }>(sql`
      select vp.professions, cs.council_code as council, org.name as verified_by,
        to_char(vp.expires_on, 'YYYY-MM-DD') as expires_on
      from ${verifiedProfessions} vp
      left join ${credentialSources} cs on cs.credential_id = vp.credential_id
      left join lateral (
        select u.name from ${users} u
        where u.org_id = cs.organisation_id and u.role = 'Clinic' and not u.deleted
        order by u.account_created_at limit 1
      ) org on true
      where vp.person_id = ${personId}::uuid
        and vp.expires_on >= (now() at time zone 'Africa/Nairobi')::date
        and cardinality(vp.professions) > 0
      order by vp.expires_on desc, vp.credential_id
      limit 20`);
    return rows.map((r) => ({
      professions: r.professions as Profession[],
      council: r.council ?? '',
      verifiedBy: r.verified_by ?? '',
      validUntil: r.expires_on,
    }));
  }

  /** A listed person by e-mail (the spec's `clientEmail`). */
  async findListedByEmail(email: string): Promise<UserRow | undefined> {
    const [u] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.email, email.trim().toLowerCase()), LISTED))
      .limit(1);
    return u;
  }

  async findListed(id: string): Promise<UserRow | undefined> {
    const u = await this.find(id);
    return listed(u) ? u : undefined;
  }

  async findMany(ids: string[]): Promise<Map<string, UserRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** The directory's page, its total and facet counts. */
  async search(q: ProfessionalQuery, viewer: Actor | undefined) {
    const { limit, offset } = pageOf(q);
    const term = q.search?.trim().toLowerCase().slice(0, 100) || '';
    const filters: SQL[] = [LISTED];
    if (q.profession) filters.push(eq(users.profession, q.profession));
    for (const f of ['facility', 'location', 'country'] as const) {
      const v = q[f]?.trim();
      if (v) filters.push(sql`lower(${users[f]}) = lower(${v})`);
    }
    let order: SQL;
    if (term) {
      const query = await this.tolerantQuery(term);
      filters.push(sql`${users.searchVector} @@ ${query}`);
      // Ranked by where the words are: the name, then designation and skills, then the description.
      order = sql`ts_rank(${users.searchVector}, ${query}) desc, ${users.name}, ${users.id}`;
    } else {
      order = sql`${users.name}, ${users.id}`;
    }
    const where = and(...filters)!;
    const page = () => this.db.select().from(users).where(where).orderBy(order).limit(limit).offset(offset);
    const [rows, counted] = await Promise.all([
      // A search ranks every match to find its page: the ranked page's ids are reused a moment (the cards
      // themselves are read fresh); a list by name is one index range scan, read each time.
      term ? this.rankedPage(JSON.stringify(['page', term, q, limit, offset]), page) : page(),
      this.facets(q, term, where),
    ]);
    const states = await this.connectionStates(
      viewer?.id,
      rows.map((r) => r.id),
    );
    const data = rows.map((r) => toProfessional(r, viewer, states.get(r.id)));
    return { data, ...counted };
  }

  /** The vocabulary's nearest words (trigram similarity) to each typed word: the misspellings' meaning. */
  private async nearWords(parts: string[]): Promise<{ part: string; word: string }[]> {
    const rows = await this.db.execute<{ part: string; word: string }>(sql`
      select p.part, t.word from unnest(array[${sql.join(
        parts.map((p) => sql`${p}`),
        sql`, `,
      )}]::text[]) p(part)
      cross join lateral (
        select word from ${searchTerms} where uses > 0 and word % p.part
        order by similarity(word, p.part) desc, uses desc limit 6
      ) t`);
    return rows.map((r) => ({ part: r.part, word: r.word }));
  }

  /**
   * The full-text query for what was typed, forgiving misspellings: each word matches itself, words it
   * begins, and the directory's words nearest to it by trigram similarity; every typed word must match.
   */
  private async tolerantQuery(term: string): Promise<SQL> {
    const parts = [...new Set(term.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, 6);
    if (parts.length === 0) return sql`''::tsquery`;
    const nearKey = JSON.stringify(['near', parts]);
    const found = await this.once(nearKey, () => this.nearWords(parts));
    const each = parts.map((part) => {
      const alternatives = [
        sql`to_tsquery('simple', ${`${part}:*`})`,
        ...found.filter((n) => n.part === part).map((n) => sql`plainto_tsquery('simple', ${n.word})`),
      ];
      return sql`(${sql.join(alternatives, sql` || `)})`;
    });
    return sql`(${sql.join(each, sql` && `)})`;
  }

  /**
   * The remembered answer of `key` while fresh, else `compute()` remembered: a promise, so the requests
   * arriving while it is computed share it (no stampede when an entry expires under load).
   */
  private once<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.cacheMs) return hit.value as Promise<T>;
    const value = compute();
    this.remember(key, value);
    return value;
  }

  private remember(key: string, value: Promise<unknown>) {
    if (this.cacheMs <= 0) return;
    if (this.cache.size > 2000) this.cache.clear();
    this.cache.set(key, { at: Date.now(), value });
    // A failure is not remembered.
    value.catch(() => {
      if (this.cache.get(key)?.value === value) this.cache.delete(key);
    });
  }

  /** A search's ranked page: its ids are remembered, the cards are read fresh each time. */
  private async rankedPage(key: string, page: () => Promise<UserRow[]>): Promise<UserRow[]> {
    const hit = this.cache.get(key);
    if (!hit || Date.now() - hit.at >= this.cacheMs) {
      const rows = page();
      this.remember(
        key,
        rows.then((r) => r.map((u) => u.id)),
      );
      return rows;
    }
    const ids = await (hit.value as Promise<string[]>);
    const found = await this.findMany(ids);
    return ids.flatMap((id) => {
      const u = found.get(id);
      return u && listed(u) ? [u] : [];
    });
  }

  /** Facets and total: from the kept counts without filters, else counted over the result (reused a moment). */
  private async facets(q: ProfessionalQuery, term: string, where: SQL): Promise<Facets> {
    const filtered = term || q.profession || q.facility?.trim() || q.location?.trim() || q.country?.trim();
    const key = JSON.stringify(['facets', term, q.profession, q.facility, q.location, q.country]);
    return this.once(key, () => this.countFacets(!!filtered, where));
  }

  private async countFacets(filtered: boolean, where: SQL): Promise<Facets> {
    const rows = filtered
      ? await this.db.execute<{ facet: string; value: string; count: number }>(sql`
          with matches as materialized (select facility, location, country, profession from ${users} where ${where})
          select 'total' as facet, '' as value, count(*)::int as count from matches
          union all
          select f.facet, f.value, count(*)::int from matches
            cross join lateral (values ('facility', facility), ('location', location), ('country', country),
              ('profession', profession)) as f(facet, value)
            where f.value <> '' group by f.facet, f.value`)
      : await this.db.execute<{ facet: string; value: string; count: number }>(
          sql`select facet, value, count from ${facetCounts} where count > 0`,
        );
    const value: Facets = {
      total: 0,
      facets: { facility: [], location: [], country: [], profession: [] },
    };
    for (const r of rows) {
      if (r.facet === 'total') value.total = r.count;
      else value.facets[r.facet as Facet]?.push({ value: r.value, count: r.count });
    }
    for (const f of FACETS)
      value.facets[f] = value.facets[f]
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
        .slice(0, FACET_VALUES);
    return value;
  }

  /** Where the viewer stands with each of `ids`: a live request either way, or none. */
  async connectionStates(viewerId: string | undefined, ids: string[]) {
    const states = new Map<string, { state: ConnectionState; requestId: string | null }>();
    if (!viewerId || ids.length === 0) return states;
    const rows = await this.db
      .select()
      .from(connectionRequests)
      .where(
        and(
          sql`${connectionRequests.status} in ('pending', 'accepted')`,
          sql`((${connectionRequests.fromId} = ${viewerId} and ${inArray(connectionRequests.toId, ids)}) or (${connectionRequests.toId} = ${viewerId} and ${inArray(connectionRequests.fromId, ids)}))`,
        ),
      );
    for (const r of rows) {
      const other = r.fromId === viewerId ? r.toId : r.fromId;
      const state: ConnectionState =
        r.status === 'accepted' ? 'connected' : r.fromId === viewerId ? 'outgoing' : 'incoming';
      states.set(other, { state, requestId: r.id });
    }
    return states;
  }
}

/**
 * A directory card: contact details only for the person, their connections, or when they show them; and
 * only to a viewer who proved their own address (an account made with someone else's e-mail receives none).
 */
export function toProfessional(
  u: UserRow,
  viewer: Actor | undefined,
  standing: { state: ConnectionState; requestId: string | null } | undefined,
): Professional {
  const self = viewer?.id === u.id;
  const connection: ConnectionState = self ? 'self' : (standing?.state ?? 'none');
  const seesContact =
    !!viewer && (self || (viewer.emailVerified && (connection === 'connected' || u.contactPublic)));
  return {
    id: u.id,
    _id: u.id,
    name: u.name,
    role: u.role as Professional['role'],
    profession: u.profession,
    designation: u.designation,
    description: u.description,
    address: addressFor(u.address, { signedIn: !!viewer, shown: seesContact }),
    location: u.location,
    facility: u.facility,
    country: u.country,
    skills: u.skills,
    photo: u.photo,
    ...(seesContact ? { email: u.email, phone: u.phone } : {}),
    connection,
    requestId: standing?.requestId ?? null,
  };
}
