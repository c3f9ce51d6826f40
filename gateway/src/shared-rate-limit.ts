import type { Worker } from 'node:cluster';
import { type Callback, type Count, WindowCounts } from '@platform/service-kit';

export { storeOver, WindowCounts } from '@platform/service-kit';

/**
 * The rate limit's counts when the gateway runs as several workers (workers.ts). Each worker's own
 * memory store would give a client its allowance once per worker; so the primary keeps the one count
 * per client and each worker asks it over the cluster's IPC channel for every API request (one small
 * message each way, answered from memory).
 */

/** The rate limit's window: a client's allowance is RATE_LIMIT_PER_MINUTE per this many milliseconds. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

const ASK = 'gateway:rate-limit';
const ANSWER = 'gateway:rate-limit-count';

interface Ask {
  type: typeof ASK;
  id: number;
  key: string;
  timeWindow: number;
  read: boolean;
}
interface Answer extends Count {
  type: typeof ANSWER;
  id: number;
}

/** Primary: answers every worker's questions from one WindowCounts. */
export function serveCounts(worker: Worker, counts: WindowCounts): void {
  worker.on('message', (msg: Ask) => {
    if (msg?.type !== ASK) return;
    const count = msg.read ? counts.read(msg.key, msg.timeWindow) : counts.incr(msg.key, msg.timeWindow);
    const answer: Answer = { type: ANSWER, id: msg.id, ...count };
    if (worker.isConnected()) worker.send(answer);
  });
}

/** This worker's questions to the primary still waiting for their answer, by id. */
const waiting = new Map<number, Callback>();
let lastId = 0;
let listening = false;

function listenForAnswers(): void {
  if (listening) return;
  listening = true;
  process.on('message', (msg: Answer) => {
    if (msg?.type !== ANSWER) return;
    const cb = waiting.get(msg.id);
    waiting.delete(msg.id);
    cb?.(null, { current: msg.current, ttl: msg.ttl });
  });
}

/**
 * Worker: a store for @fastify/rate-limit (its `store` option) whose counts are the primary's. Every
 * route shares the same counts, as with the memory store.
 */
export class CountsFromPrimary {
  constructor() {
    listenForAnswers();
  }

  incr(key: string, cb: Callback, timeWindow: number): void {
    ask(key, cb, timeWindow, false);
  }

  read(key: string, cb: Callback, timeWindow: number): void {
    ask(key, cb, timeWindow, true);
  }

  child(): CountsFromPrimary {
    return this;
  }
}

function ask(key: string, cb: Callback, timeWindow: number, read: boolean): void {
  if (!process.send || !process.connected) {
    cb(new Error('the gateway primary is gone: no shared rate limit'));
    return;
  }
  const id = ++lastId;
  waiting.set(id, cb);
  const question: Ask = { type: ASK, id, key, timeWindow, read };
  process.send(question);
}
