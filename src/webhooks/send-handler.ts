import type { Dispatcher } from 'undici';

// A receiver's answer is read only to keep the connection reusable; past this it is cut off.
const maxDrainedBytes = 64 * 1024;

export interface Answer {
  statusCode: number;
  retryAfter: string | undefined;
}

/**
 * One attempt as an undici dispatch handler: settles with the status line and `Retry-After` as
 * soon as they arrive, then drains (and drops) the body so the connection stays reusable. The
 * deadline covers the whole exchange: queueing for a connection, connecting, the answer and its
 * body; once it passes, the attempt has settled with an error and whatever is left is aborted.
 */
export class SendHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private settled = false;
  private drained = 0;
  private expired: Error | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly resolve: (answer: Answer) => void,
    private readonly reject: (error: Error) => void,
    timeoutMs: number,
  ) {
    this.timer = setTimeout(() => this.expire(new Error(`no response within ${timeoutMs} ms`)), timeoutMs);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.expired) controller.abort(this.expired);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    // 1xx answers are interim: the final one follows.
    if (statusCode < 200) return;
    const retryAfter = headers['retry-after'];
    if (this.settled) return;
    this.settled = true;
    this.resolve({ statusCode, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.drained += chunk.length;
    if (this.drained > maxDrainedBytes) controller.abort(new Error('response body too large'));
  }

  onResponseEnd(): void {
    clearTimeout(this.timer);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    clearTimeout(this.timer);
    this.fail(error);
  }

  private expire(error: Error): void {
    this.expired = error;
    this.controller?.abort(error);
    this.fail(error);
  }

  private fail(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(error);
  }
}
