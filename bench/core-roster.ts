/**
 * Filling a roster with the suggestion (not a test: it prints figures). `npm run bench:core-roster -w bench`
 * (needs DATABASE_URL like the tests; well under a minute).
 *
 * On its own database with svc-core's migrations: one organisation, a ward of PEOPLE (200) staff (two
 * thirds nurses, the rest clinical officers and doctors; one in twenty not cleared to practise; one in ten on
 * a week's approved leave), a Day (07:00–19:00) and a Night (19:00–07:00) shift needing 12 nurses, 3
 * clinical officers and 2 doctors by day and 8, 2 and 1 by night. For RUNS (3) fresh 4-week rosters of that
 * ward, in turn, it times `RosterStore.fill` as the route calls it: reading the roster, its people, their
 * leave and nearby shifts, the greedy suggestion, inserting the shifts and answering the roster with every
 * assignment's rules, gaps and fatigue. Goal: at most 1 s. Prints each run, the median and the machine's load.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import * as schema from '../svc-core/src/db/schema';
import { ShiftTemplateStore } from '../svc-core/src/stores/shift-template-store';
import { RosterStore } from '../svc-core/src/stores/roster-store';
import type { OrgActor } from '../svc-core/src/domain/roles';
import type { Profession } from '@platform/contracts/values';
import { machineLine } from './machine';
import { benchHospital, withCoreDatabase } from './core-database';
import { runBench } from './service-database';
import { recordGoals } from './speed-goals';

const PEOPLE = Number(process.env.PEOPLE ?? 200);
const RUNS = Number(process.env.RUNS ?? 3);
const GOAL_MS = 1000;

async function main() {
  await withCoreDatabase('bench_core_roster', async (d) => {
    const now = () => new Date('2027-01-04T06:00:00Z');
    const {
      orgId,
      ownerId,
      departments: [ward],
    } = await benchHospital(d, ['Ward']);
    const professions = (i: number): Profession =>
      i % 3 === 0 ? (i % 2 === 0 ? 'Doctor' : 'Clinical Officer') : 'Nurse';
    const staff = await d.db
      .insert(schema.staffRecords)
      .values(
        Array.from({ length: PEOPLE }, (_, i) => ({
          orgId,
          personId: randomUUID(),
          email: `p${i}@bench.example`,
          name: `Person ${String(i).padStart(3, '0')}`,
          profession: professions(i),
          departmentId: ward!.id,
          cleared: i % 20 !== 7,
        })),
      )
      .returning({ id: schema.staffRecords.id });
    const [type] = await d.sql.unsafe<{ id: string }[]>(
      `insert into core.leave_types (org_id, name, accrual, days_per_year, counts_weekends, counts_holidays,
         allow_negative, min_service_months, paid) values ($1, 'Annual', 'monthly', 21, false, false, false, 0, true)
       returning id`,
      [orgId],
    );
    await d.db.insert(schema.leaveRequests).values(
      staff
        .filter((_, i) => i % 10 === 3)
        .map((s, i) => ({
          orgId,
          staffRecordId: s.id,
          typeId: type!.id,
          fromDay: `2027-01-${String(4 + (i % 20)).padStart(2, '0')}`,
          toDay: `2027-01-${String(10 + (i % 20)).padStart(2, '0')}`,
          days: 5,
          daysByYear: { 2027: 5 },
          status: 'approved' as const,
          createdBy: ownerId,
        })),
    );
    await d.db.insert(schema.shiftTemplates).values([
      {
        orgId,
        departmentId: ward!.id,
        name: 'Day',
        startsAt: '07:00',
        endsAt: '19:00',
        minimumStaffing: [
          { profession: 'Nurse', count: 12 },
          { profession: 'Clinical Officer', count: 3 },
          { profession: 'Doctor', count: 2 },
        ],
      },
      {
        orgId,
        departmentId: ward!.id,
        name: 'Night',
        startsAt: '19:00',
        endsAt: '07:00',
        minimumStaffing: [
          { profession: 'Nurse', count: 8 },
          { profession: 'Clinical Officer', count: 2 },
          { profession: 'Doctor', count: 1 },
        ],
      },
    ]);

    const rosters = new RosterStore(d.db, new ShiftTemplateStore(d.db, now), now);
    const actor: OrgActor = {
      personId: ownerId,
      organisationId: orgId,
      role: 'owner',
      departmentIds: [],
      locationIds: [],
      timeZone: 'Africa/Nairobi',
    };
    const claims = {
      sub: ownerId,
      name: 'Owner',
      email: 'owner@bench.example',
      role: 'Clinic' as const,
      orgId,
    };
    console.log(`core roster fill: ${PEOPLE} people, 4 weeks, Day and Night. ${machineLine()}`);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const startsOn = new Date(Date.parse('2027-01-04T00:00:00Z') + run * 28 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const made = await rosters.create(claims, actor, { departmentId: ward!.id, startsOn, weeks: 4 }, {});
      const started = performance.now();
      const filled = await rosters.fill(claims, actor, made.id, {});
      const ms = performance.now() - started;
      times.push(ms);
      const broken = filled.assignments.filter((a) => a.violations.length).length;
      console.log(
        `  run ${run + 1}: ${ms.toFixed(0)} ms, ${filled.assignments.length} shifts, ${filled.gaps.length} gaps, ${broken} breaking a rule`,
      );
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    console.log(`  median: ${median.toFixed(0)} ms (goal: at most ${GOAL_MS} ms)`);
    recordGoals([
      {
        what: `Fill a 4-week roster of a ${PEOPLE}-person department`,
        measured: `${median.toFixed(0)} ms`,
        aim: `≤ ${GOAL_MS} ms`,
        met: median <= GOAL_MS,
      },
    ]);
  });
}

runBench(main);
