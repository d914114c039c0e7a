import { parentPort, workerData } from 'node:worker_threads';
import { newQuickJSWASMModuleFromVariant, newVariant, RELEASE_SYNC } from 'quickjs-emscripten';
import { scriptRunner } from './script-runner.js';
import type { SandboxTask } from './types.js';

// The project's `lib` has no WebAssembly types; this is the one constructor used here.
declare const WebAssembly: { Memory: new (limits: { initial: number; maximum: number }) => object };

// The module's own data and C stack live in the same linear memory as the scripts' heap.
const headroomMb = 16;

export interface WorkerRequest {
  id: number;
  task: SandboxTask;
}

/*
 * QuickJS's byte accounting does not work in the emscripten build (it counts allocations, not
 * bytes), so its memory limit only refuses single large allocations. A linear memory that cannot
 * grow is the real bound: once it is full, allocations fail and the script gets "out of memory".
 */
const { memoryMb } = workerData as { memoryMb: number };
const pages = Math.ceil(((memoryMb + headroomMb) * 1024 * 1024) / 65536);
const wasmMemory = new WebAssembly.Memory({ initial: pages, maximum: pages });
const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmMemory }));
const runScript = scriptRunner(quickjs);

parentPort!.on('message', async ({ id, task }: WorkerRequest) => {
  const { outcome, reusable } = await runScript(task);
  // The pool retires a worker whose module is no longer reusable.
  parentPort!.postMessage({ id, outcome, reusable });
});
parentPort!.postMessage({ ready: true });
