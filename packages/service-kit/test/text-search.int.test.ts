import { sql } from 'drizzle-orm';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { textSearch } from '../src/store-helpers';
import { scratchDatabase } from './scratch-database';

const titles = pgTable('titles', { id: serial('id').primaryKey(), title: text('title').notNull() });
const NAMED = [
  'Nurse (RN) - ICU',
  'Nurse/RN',
  'RN, night shifts',
  'Intern',
  'Internal medicine GP',
  'Discount 50% off',
  'Lab_Tech',
  'LabsTech',
  'Dr. Amani',
];

describe('textSearch: what someone typed in a search box, through a trigram index', () => {
  const scratch = scratchDatabase('text_search', async (client) => {
    await client`create extension if not exists pg_trgm`;
    await client`create table titles (id serial primary key, title text not null)`;
    // Enough rows that reading them all shows in the plan; none holds a "zq" or a word starting "rn".
    await client`insert into titles (title) select 'Ward Clerk ' || g from generate_series(1, 3000) g`;
    await client`insert into titles (title) select unnest(${NAMED}::text[])`;
    await client`create index titles_title_trgm_idx on titles using gin (title gin_trgm_ops)`;
    await client`analyze titles`;
  });

  const found = async (typed: string) => {
    const where = textSearch(titles.title, typed);
    const rows = await scratch.db
      .select({ title: titles.title })
      .from(titles)
      .where(where)
      .orderBy(titles.id);
    return rows.map((r) => r.title);
  };

  it('finds a term of three letters anywhere in a word', async () => {
    expect(await found('tern')).toEqual(['Intern', 'Internal medicine GP']);
    expect(await found('  NURSE ')).toEqual(['Nurse (RN) - ICU', 'Nurse/RN']);
  });

  it('finds a term of one or two letters at the start of a word, after a space or punctuation', async () => {
    expect(await found('rn')).toEqual(['Nurse (RN) - ICU', 'Nurse/RN', 'RN, night shifts']);
    expect(await found('GP')).toEqual(['Internal medicine GP']);
    expect(await found('i')).toEqual(['Nurse (RN) - ICU', 'Intern', 'Internal medicine GP']);
  });

  it('takes what the user typed literally: %, _ and \\, and . or * in a short term', async () => {
    expect(await found('50%')).toEqual(['Discount 50% off']);
    expect(await found('lab_t')).toEqual(['Lab_Tech']);
    expect(await found('la')).toEqual(['Lab_Tech', 'LabsTech']);
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    expect(await found('dr.')).toEqual(['Dr. Amani']);
    expect(await found('d.')).toEqual([]);
    expect(await found('a*')).toEqual([]);
  });

  it('is no filter when blank, and matches nothing without a letter or digit', async () => {
    expect(textSearch(titles.title, '   ')).toBeUndefined();
    expect(textSearch(titles.title, undefined)).toBeUndefined();
    expect(await found('--')).toEqual([]);
    expect(await found('()')).toEqual([]);
  });

  it('looks a short term up in the index instead of reading every row', async () => {
    // Plain ILIKE '%zq%' has no trigram to look up: the index hands back every row for a recheck.
    const readAndDropped: Record<string, number> = {};
    for (const typed of ['zq', 'z', 'rn']) {
      await scratch.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = await tx.execute<{ 'QUERY PLAN': unknown }>(
          sql`explain (analyze, format json) select id from titles where ${textSearch(titles.title, typed)}`,
        );
        const text = JSON.stringify(plan[0]!['QUERY PLAN']);
        const removed = [...text.matchAll(/"Rows Removed by (?:Index Recheck|Filter)":(\d+)/g)];
        readAndDropped[typed] = Math.max(0, ...removed.map((m) => Number(m[1])));
      });
    }
    expect(readAndDropped).toEqual({ zq: 0, z: 0, rn: 0 });
  });
});
