import { eq, sql } from 'drizzle-orm';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP } from '@platform/contracts';
import { cappedCount, preparedCappedCount } from '../src/store-helpers';
import { scratchDatabase } from './scratch-database';

const people = pgTable('people', { id: serial('id').primaryKey(), role: text('role').notNull() });

describe('a list’s total, counted up to LIST_COUNT_CAP past the page', () => {
  const scratch = scratchDatabase('capped_count', async (client) => {
    await client`create table people (id serial primary key, role text not null)`;
    // 250 nurses and 30 clinics.
    await client`insert into people (role) select case when g <= 250 then 'nurse' else 'clinic' end
      from generate_series(1, 280) g`;
  });

  it.each([
    [0, 'nurse', { total: LIST_COUNT_CAP, totalCapped: true }],
    [100, 'nurse', { total: 100 + LIST_COUNT_CAP, totalCapped: true }],
    [160, 'nurse', { total: 250, totalCapped: false }],
    [0, 'clinic', { total: 30, totalCapped: false }],
    [0, 'surgeon', { total: 0, totalCapped: false }],
  ])('from row %i of the %s list: %o, built each time or prepared once', async (offset, role, expected) => {
    expect(await cappedCount(scratch.db, people, eq(people.role, role), offset)).toEqual(expected);
    const prepared = preparedCappedCount(
      scratch.db,
      people,
      eq(people.role, sql.placeholder('role')),
      'people_count',
    );
    expect(await prepared(offset, { role })).toEqual(expected);
    // The same prepared count answers the next page and the next role too.
    expect(await prepared(offset, { role: 'clinic' })).toEqual(
      await cappedCount(scratch.db, people, eq(people.role, 'clinic'), offset),
    );
  });

  it('counts a whole table without a filter', async () => {
    expect(await preparedCappedCount(scratch.db, people, undefined, 'everyone_count')(200)).toEqual({
      total: 280,
      totalCapped: false,
    });
  });
});
