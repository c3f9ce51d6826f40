/**
 * Timesheets for a hospital of 2,000 for a month (not a test: it prints figures).
 * `npm run bench:core-timesheets -w bench` (needs DATABASE_URL like the tests; a minute or two).
 *
 * On its own database with svc-core's migrations: one organisation of PEOPLE (2,000) staff in wards of 200,
 * each ward's published 4-week roster of Day (07:00–19:00) and Night (19:00–07:00) shifts, every person on
 * one shift in two days (about 14 each, 28,000 in all), and their clock entries: nine in ten shifts clocked
 * (some late, some past the shift's end, some left short), one in ten missed, and a few unscheduled entries.
 * It times, as the routes call them, RUNS (3) times each: `TimeClockStore.timesheets` for HR's first page
 * of 20 (`GET /api/core/timesheets`), a ward manager's page, and `payrollRows` plus the CSV for the whole
 * hospital (`GET /api/core/timesheets.csv`). Goals: a page at most 300 ms, the month's file at most 5 s.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { toCsv } from '@platform/service-kit';
import * as schema from '../svc-core/src/db/schema';
import { ShiftTemplateStore } from '../svc-core/src/stores/shift-template-store';
import { TimeClockStore } from '../svc-core/src/stores/time-clock-store';
import { EXPORT_MAX_ROWS, timesheetsSheet } from '../svc-core/src/domain/exports';
import { addDays } from '../svc-core/src/domain/dates';
import { spanIn } from '../svc-core/src/timeclock/hours';
import type { OrgActor } from '../svc-core/src/domain/roles';
import { machineLine } from './machine';
import { benchHospital, wardNames, withCoreDatabase } from './core-database';
import { runBench } from './service-database';
import { recordGoals } from './speed-goals';

const PEOPLE = Number(process.env.PEOPLE ?? 2000);
const WARD_SIZE = 200;
const RUNS = Number(process.env.RUNS ?? 3);
const PAGE_GOAL_MS = 300;
const FILE_GOAL_MS = 5000;
const ZONE = 'Africa/Nairobi';
const FROM = '2027-02-01';
const TO = '2027-02-28';

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

async function main() {
  await withCoreDatabase('bench_core_timesheets', async (d) => {
    const now = () => new Date('2027-03-01T06:00:00Z');
    const {
      orgId,
      ownerId,
      departments: wards,
    } = await benchHospital(d, wardNames(Math.ceil(PEOPLE / WARD_SIZE)));
    const managerId = randomUUID();
    const staff = await d.db
      .insert(schema.staffRecords)
      .values(
        Array.from({ length: PEOPLE }, (_, i) => ({
          orgId,
          personId: i === 0 ? managerId : randomUUID(),
          email: `p${i}@bench.example`,
          name: `Person ${String(i).padStart(4, '0')}`,
          profession: 'Nurse' as const,
          departmentId: wards[Math.floor(i / WARD_SIZE)]!.id,
          nationalId: `${20000000 + i}`,
          ...(i === 0 && { role: 'manager' as const, managedDepartmentIds: [wards[0]!.id] }),
        })),
      )
      .returning({ id: schema.staffRecords.id, departmentId: schema.staffRecords.departmentId });

    // Each ward's roster, published, and its Day and Night shifts.
    const templates = new Map<string, { day: string; night: string }>();
    const rosterOf = new Map<string, string>();
    for (const ward of wards) {
      const [day, night] = await d.db
        .insert(schema.shiftTemplates)
        .values([
          { orgId, departmentId: ward.id, name: 'Day', startsAt: '07:00', endsAt: '19:00', clinical: false },
          {
            orgId,
            departmentId: ward.id,
            name: 'Night',
            startsAt: '19:00',
            endsAt: '07:00',
            clinical: false,
          },
        ])
        .returning();
      templates.set(ward.id, { day: day!.id, night: night!.id });
      const [roster] = await d.db
        .insert(schema.rosters)
        .values({
          orgId,
          departmentId: ward.id,
          startsOn: FROM,
          weeks: 4,
          maxConsecutiveNights: 3,
          status: 'published',
          publishedAt: now(),
          createdBy: ownerId,
        })
        .returning();
      rosterOf.set(ward.id, roster!.id);
    }
    const assignments: (typeof schema.rosterAssignments.$inferInsert)[] = [];
    const entries: (typeof schema.clockEntries.$inferInsert)[] = [];
    let n = 0;
    for (const [i, person] of staff.entries()) {
      const shifts = templates.get(person.departmentId!)!;
      for (let k = i % 2; k < 28; k += 2) {
        const day = addDays(FROM, k);
        const night = (k + i) % 4 === 1;
        const id = randomUUID();
        assignments.push({
          id,
          rosterId: rosterOf.get(person.departmentId!)!,
          orgId,
          staffRecordId: person.id,
          templateId: night ? shifts.night : shifts.day,
          day,
          createdBy: ownerId,
        });
        n += 1;
        if (n % 10 === 0) continue; // missed
        const span = spanIn(
          day,
          night ? { startsAt: '19:00', endsAt: '07:00' } : { startsAt: '07:00', endsAt: '19:00' },
          ZONE,
        );
        const lateBy = n % 7 === 0 ? 14 : -5;
        const over = n % 5 === 0 ? 35 : n % 11 === 0 ? -60 : 3;
        const clockIn = new Date(span.start.getTime() + lateBy * 60_000);
        entries.push({
          orgId,
          staffRecordId: person.id,
          departmentId: person.departmentId,
          assignmentId: id,
          clockIn,
          clockOut: new Date(span.end.getTime() + over * 60_000),
          minutesLate: Math.max(0, lateBy),
          late: lateBy > 10,
        });
      }
      if (i % 50 === 0)
        entries.push({
          orgId,
          staffRecordId: person.id,
          departmentId: person.departmentId,
          clockIn: new Date('2027-02-14T06:00:00Z'),
          clockOut: new Date('2027-02-14T10:00:00Z'),
        });
    }
    for (let i = 0; i < assignments.length; i += 2000)
      await d.db.insert(schema.rosterAssignments).values(assignments.slice(i, i + 2000));
    for (let i = 0; i < entries.length; i += 2000)
      await d.db.insert(schema.clockEntries).values(entries.slice(i, i + 2000));
    await d.sql.unsafe('analyze');

    const clock = new TimeClockStore(d.db, new ShiftTemplateStore(d.db, now), now);
    const hr: OrgActor = {
      personId: ownerId,
      organisationId: orgId,
      role: 'owner',
      departmentIds: [],
      locationIds: [],
      timeZone: ZONE,
    };
    const manager: OrgActor = { ...hr, personId: managerId, role: 'manager', departmentIds: [wards[0]!.id] };
    console.log(
      `core timesheets: ${PEOPLE} people in ${wards.length} wards, ${FROM} to ${TO}: ${assignments.length} shifts, ${entries.length} entries. ${machineLine()}`,
    );
    const time = async (label: string, work: () => Promise<string>) => {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const what = await work();
        times.push(performance.now() - started);
        if (run === 0) console.log(`  ${label}: ${what}`);
      }
      console.log(
        `    runs ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${median(times).toFixed(0)} ms`,
      );
      return median(times);
    };
    const page = await time("HR's first page of 20", async () => {
      const { data, total } = await clock.timesheets(hr, { from: FROM, to: TO, page: 1, limit: 20 });
      const t = data[0]!.totals;
      return `${data.length} of ${total}; the first: ${t.regular} regular, ${t.night} night, ${t.overtime} overtime, ${t.late} late, ${t.missed} missed`;
    });
    const wardPage = await time("a ward manager's first page of 20", async () => {
      const { data, total } = await clock.timesheets(manager, { from: FROM, to: TO, page: 1, limit: 20 });
      return `${data.length} of ${total}`;
    });
    const file = await time('the payroll CSV of the whole hospital', async () => {
      const rows = await clock.payrollRows(hr, { from: FROM, to: TO }, EXPORT_MAX_ROWS);
      const csv = toCsv(timesheetsSheet(rows!, true, hr.timeZone));
      return `${rows!.length} rows, ${(csv.length / 1024).toFixed(0)} KiB`;
    });
    recordGoals([
      {
        what: `A page of a month's timesheets in a hospital of ${PEOPLE}`,
        measured: `${Math.max(page, wardPage).toFixed(0)} ms`,
        aim: `≤ ${PAGE_GOAL_MS} ms`,
        met: Math.max(page, wardPage) <= PAGE_GOAL_MS,
      },
      {
        what: `The month's payroll CSV of a hospital of ${PEOPLE}`,
        measured: `${file.toFixed(0)} ms`,
        aim: `≤ ${FILE_GOAL_MS} ms`,
        met: file <= FILE_GOAL_MS,
      },
    ]);
  });
}

runBench(main);
