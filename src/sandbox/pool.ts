import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SandboxOutcome, SandboxTask, WorkerOutcome } from './types.js';
import type { WorkerRequest } from './worker.js';

/** Time on top of a script's own limit for the hand-over and clean-up. */
const graceMs = 2000;
/** How long a job may wait for a worker (queue and start-up, which is slow on a loaded machine). */
const waitMs = 15_000;
// Jobs handed to one worker at once: on a busy event loop the hop to a worker and back takes
// longer than a script's few milliseconds, and jobs queued in the worker hide it.
const depth = 4;
/** Compiled, the worker is plain JavaScript; from the sources it goes through tsx (see worker-entry.mjs). */
const workerEntry = import.meta.url.endsWith('.ts') ? './worker-entry.mjs' : './worker.js';

interface Job {
  id: number;
  task: SandboxTask;
  watchdog?: NodeJS.Timeout;
  slot?: Slot;
  finish(outcome: SandboxOutcome): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Handed to the worker, in order. */
  jobs: Job[];
}

type WorkerReply = { ready: true } | { id: number; outcome: WorkerOutcome; reusable: boolean };

const timeout: SandboxOutcome = {
  status: 'error',
  reason: 'timeout',
  message: 'the script ran past its time limit',
};

/**
 * Scripts run in worker threads so that a script that spins until its deadline never holds the
 * event loop. A watchdog terminates a worker whose script outlives its limit plus a grace period
 * (a wedged runtime, or a dispose that aborted), and a fresh worker takes its place on demand.
 * A worker holds up to `depth` jobs; the watchdog of each counts the limits of those before it.
 */
export class SandboxPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;

  constructor(
    private readonly memoryMb: number,
    private readonly size = Math.min(4, Math.max(2, availableParallelism())),
  ) {}

  run(task: SandboxTask): Promise<SandboxOutcome> {
    return new Promise((resolve) => {
      const job: Job = {
        id: this.nextId++,
        task,
        finish: (outcome) => {
          clearTimeout(job.watchdog);
          job.finish = () => undefined;
          resolve(outcome);
        },
      };
      job.watchdog = setTimeout(() => this.expire(job), task.timeoutMs + graceMs + waitMs);
      this.queue.push(job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    const slots = [...this.slots];
    this.slots.clear();
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.leastBusy();
      if (!slot || (slot.jobs.length > 0 && this.slots.size < this.size)) this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.jobs.push(job);
      job.slot = slot;
      clearTimeout(job.watchdog);
      // Behind the jobs before it in this worker, each within its own limit.
      const limit = slot.jobs.reduce((sum, queued) => sum + queued.task.timeoutMs + graceMs, 0);
      job.watchdog = setTimeout(() => this.expire(job), limit);
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, task: job.task } satisfies WorkerRequest);
    }
  }

  private leastBusy(): Slot | undefined {
    let best: Slot | undefined;
    for (const slot of this.slots) {
      if (slot.ready && slot.jobs.length < depth && (!best || slot.jobs.length < best.jobs.length))
        best = slot;
    }
    return best;
  }

  /** One worker starts at a time, up to the pool's size. */
  private spawn(): void {
    if (this.slots.size >= this.size || [...this.slots].some((slot) => !slot.ready)) return;
    const worker = new Worker(new URL(workerEntry, import.meta.url), {
      workerData: { memoryMb: this.memoryMb },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    const slot: Slot = { worker, ready: false, jobs: [] };
    worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on('error', () => this.retire(slot, 'the sandbox worker failed'));
    worker.on('exit', () => this.retire(slot, 'the sandbox worker exited'));
    // Idle workers must not keep the process alive (dispatch refs a busy one); this comes after
    // the listeners because adding a 'message' listener refs the port again.
    worker.unref();
    this.slots.add(slot);
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    if ('ready' in reply) {
      slot.ready = true;
      this.dispatch();
      return;
    }
    const index = slot.jobs.findIndex((job) => job.id === reply.id);
    const [job] = index >= 0 ? slot.jobs.splice(index, 1) : [];
    if (slot.jobs.length === 0) slot.worker.unref();
    const { outcome } = reply;
    job?.finish(
      outcome.status === 'ok'
        ? { status: 'ok', claims: JSON.parse(outcome.claimsJson) as Record<string, unknown> }
        : outcome,
    );
    if (!reply.reusable) this.retire(slot);
    this.dispatch();
  }

  private expire(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    job.finish(timeout);
    if (job.slot?.jobs.includes(job)) this.retire(job.slot);
  }

  /**
   * Removes a worker for good; its unfinished jobs fail as a crash. A worker that dies while
   * starting, with no other worker up, fails the queue too: another would likely die the same way.
   */
  private retire(slot: Slot, reason = 'the sandbox worker was replaced'): void {
    if (!this.slots.delete(slot)) return;
    const crashed: SandboxOutcome = { status: 'error', reason: 'crashed', message: reason };
    for (const job of slot.jobs.splice(0)) job.finish(crashed);
    const anyReady = [...this.slots].some((other) => other.ready);
    if (!slot.ready && !anyReady) for (const job of this.queue.splice(0)) job.finish(crashed);
    void slot.worker.terminate();
    this.dispatch();
  }
}
