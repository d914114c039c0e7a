import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SandboxOutcome, SandboxTask } from './types.js';
import type { WorkerRequest } from './worker.js';

/** Time on top of a script's own limit for queueing, worker start-up and clean-up. */
const graceMs = 2000;

interface Job {
  id: number;
  task: SandboxTask;
  finish(outcome: SandboxOutcome): void;
  slot?: Slot;
}

interface Slot {
  worker: Worker;
  job?: Job;
}

interface WorkerReply {
  id: number;
  outcome: SandboxOutcome;
  reusable: boolean;
}

/**
 * Scripts run in worker threads so that a script that spins until its deadline never holds the
 * event loop. A watchdog terminates a worker whose script outlives its limit plus a grace period
 * (a wedged runtime, or a dispose that aborted), and a fresh worker takes its place on demand.
 */
export class SandboxPool {
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
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
          clearTimeout(watchdog);
          job.finish = () => undefined;
          resolve(outcome);
        },
      };
      const watchdog = setTimeout(() => this.expire(job), task.timeoutMs + graceMs);
      watchdog.unref();
      this.queue.push(job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    const slots = [...this.slots];
    this.slots.clear();
    this.idle.length = 0;
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.idle.pop() ?? (this.slots.size < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      job.slot = slot;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, task: job.task } satisfies WorkerRequest);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      workerData: { memoryMb: this.memoryMb },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    const slot: Slot = { worker };
    worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply));
    worker.on('error', () => this.retire(slot, 'the sandbox worker failed'));
    worker.on('exit', () => this.retire(slot, 'the sandbox worker exited'));
    // Idle workers must not keep the process alive (see dispatch and onReply); this comes after
    // the listeners because adding a 'message' listener refs the port again.
    worker.unref();
    this.slots.add(slot);
    return slot;
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    slot.job = undefined;
    slot.worker.unref();
    if (job?.id === reply.id) job.finish(reply.outcome);
    if (reply.reusable && this.slots.has(slot)) this.idle.push(slot);
    else this.retire(slot);
    this.dispatch();
  }

  private expire(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    job.finish({ status: 'error', reason: 'timeout', message: 'the script ran past its time limit' });
    if (job.slot) this.retire(job.slot);
  }

  /** Removes a worker for good; its unfinished job fails as a crash. */
  private retire(slot: Slot, reason = 'the sandbox worker was replaced'): void {
    if (!this.slots.delete(slot)) return;
    const index = this.idle.indexOf(slot);
    if (index >= 0) this.idle.splice(index, 1);
    slot.job?.finish({ status: 'error', reason: 'crashed', message: reason });
    slot.job = undefined;
    void slot.worker.terminate();
    this.dispatch();
  }
}
