/**
 * Answering a wellness pulse survey at a hospital's size (not a test: it prints figures).
 * `npm run bench:core-wellness -w bench` (needs DATABASE_URL like the tests; well under a minute).
 *
 * On its own database with svc-core's migrations: one organisation, PEOPLE (2,000) staff in ten departments,
 * a survey of the three questions sent to all of them, PEOPLE - RUNS of them having answered already (their
 * rows written straight in). It then times RUNS answers as the route makes them (`WellnessStore.answer`: the
 * answer and its respondent row, then every answer of the survey written again, shuffled, so no answer row
 * carries its writer's transaction: the cost that grows with the survey), the close (one more shuffle) and
 * HR's reading of the results. Goal: an answer at most 1 s with 2,000 answers in. Prints each and the
 * machine's load.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import * as schema from '../svc-core/src/db/schema';
import { WellnessStore } from '../svc-core/src/stores/wellness-store';
import type { OrgActor } from '../svc-core/src/domain/roles';
import { machineLine } from './machine';
import { benchHospital, wardNames, withCoreDatabase } from './core-database';
import { runBench } from './service-database';
import { recordGoals } from './speed-goals';

const PEOPLE = Number(process.env.PEOPLE ?? 2000);
const RUNS = Number(process.env.RUNS ?? 5);
const DEPARTMENTS = 10;
const GOAL_MS = 1000;

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function main() {
  await withCoreDatabase('bench_core_wellness', async (d) => {
    const now = () => new Date('2027-01-04T06:00:00Z');
    const { orgId, ownerId, departments } = await benchHospital(d, wardNames(DEPARTMENTS));
    const people = Array.from({ length: PEOPLE }, (_, i) => ({
      personId: randomUUID(),
      departmentId: departments[i % DEPARTMENTS]!.id,
    }));
    for (let i = 0; i < PEOPLE; i += 1000)
      await d.db.insert(schema.staffRecords).values(
        people.slice(i, i + 1000).map((p, j) => ({
          orgId,
          personId: p.personId,
          email: `p${i + j}@bench.example`,
          name: `Person ${i + j}`,
          departmentId: p.departmentId,
        })),
      );
    const store = new WellnessStore(d.db, now);
    const hr: OrgActor = {
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
    const survey = await store.create(
      claims,
      hr,
      {
        title: 'January pulse',
        questions: ['workload', 'burnout', 'safety'],
        departmentIds: departments.map((x) => x.id),
        closesOn: '2027-01-31',
      },
      {},
    );
    await store.send(claims, hr, survey.id, {});
    const before = people.slice(0, PEOPLE - RUNS);
    for (let i = 0; i < before.length; i += 1000) {
      const chunk = before.slice(i, i + 1000);
      await d.db
        .insert(schema.pulseRespondents)
        .values(chunk.map((p) => ({ surveyId: survey.id, personId: p.personId })));
      await d.db.insert(schema.pulseAnswers).values(
        chunk.map((p, j) => ({
          surveyId: survey.id,
          departmentId: p.departmentId,
          workload: 1 + ((i + j) % 5),
          burnout: 1 + ((i + j) % 4),
          safety: 2 + ((i + j) % 4),
          comment: (i + j) % 7 === 0 ? `Comment ${i + j}` : null,
        })),
      );
    }
    console.log(
      `core wellness: ${PEOPLE} people in ${DEPARTMENTS} departments, one survey. ${machineLine()}`,
    );
    const times: number[] = [];
    for (const [run, p] of people.slice(PEOPLE - RUNS).entries()) {
      const member: OrgActor = {
        personId: p.personId,
        organisationId: orgId,
        role: 'staff',
        departmentIds: [],
        locationIds: [],
        timeZone: 'Africa/Nairobi',
      };
      const started = performance.now();
      await store.answer(member, survey.id, { ratings: { workload: 3, burnout: 2, safety: 4 } });
      const ms = performance.now() - started;
      times.push(ms);
      console.log(
        `  answer ${PEOPLE - RUNS + run + 1}: ${ms.toFixed(0)} ms (the survey's answers rewritten)`,
      );
    }
    let started = performance.now();
    await store.close(claims, hr, survey.id, {});
    console.log(`  close: ${(performance.now() - started).toFixed(0)} ms`);
    started = performance.now();
    const results = await store.results(hr, survey.id);
    console.log(
      `  results: ${(performance.now() - started).toFixed(0)} ms, ${results.overall.answered} answers, ` +
        `${results.departments.filter((x) => x.withheld === null).length} departments shown`,
    );
    const middle = median(times);
    console.log(`  median answer: ${middle.toFixed(0)} ms (goal: at most ${GOAL_MS} ms)`);
    recordGoals([
      {
        what: `Answer a pulse survey with ${PEOPLE} answers in`,
        measured: `${middle.toFixed(0)} ms`,
        aim: `≤ ${GOAL_MS} ms`,
        met: middle <= GOAL_MS,
      },
    ]);
  });
}

runBench(main);
