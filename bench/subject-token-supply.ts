// Subject tokens for the exchange benchmark, one per request. Sized before each run from the
// fastest exchange rate seen so far (a calibration run first), with a margin; should a run still
// outpace it, the run is ended early instead of crashing, and its rate is taken over the time it ran.
import { ACCESS_TOKEN_TYPE, INDICATOR, SCOPE, TOKEN_EXCHANGE } from './token-fixtures.js';
import type { BenchService } from './support.js';

const margin = 1.6;
const issuers = 64;

export function exchangeBody(subjectToken: string): string {
  return new URLSearchParams({
    grant_type: TOKEN_EXCHANGE,
    subject_token: subjectToken,
    subject_token_type: ACCESS_TOKEN_TYPE,
    resource: INDICATOR,
    scope: SCOPE,
  }).toString();
}

export class SubjectTokenSupply {
  private readonly bodies: string[] = [];
  private fastest = 0;
  /** A run asked for more than there was. */
  ranOut = false;

  constructor(
    private readonly service: BenchService,
    private readonly userId: string,
  ) {}

  get available(): number {
    return this.bodies.length;
  }

  /** Tokens issued elsewhere (e.g. by the `POST /api/subject-tokens` measurement). */
  add(subjectToken: string): void {
    this.bodies.push(exchangeBody(subjectToken));
  }

  /** Notes a run's rate, so the next runs are sized from the fastest seen. */
  observe(perSecond: number): void {
    this.fastest = Math.max(this.fastest, perSecond);
  }

  /** Issues tokens (not measured) until a run of `seconds` at the fastest rate seen has enough. */
  async fill(seconds: number, atLeast = 0): Promise<void> {
    const wanted = Math.max(atLeast, Math.ceil(this.fastest * seconds * margin) + 500);
    const missing = wanted - this.bodies.length;
    let next = 0;
    await Promise.all(
      Array.from({ length: issuers }, async () => {
        while (next++ < missing) {
          const { subjectToken } = await this.service.api<{ subjectToken: string }>(
            'POST',
            '/subject-tokens',
            {
              userId: this.userId,
              context: { ticketId: `T-${next}` },
            },
          );
          this.add(subjectToken);
        }
      }),
    );
  }

  /** The next request body; when none is left, `stop()` ends the run (and one used body is sent). */
  take(stop: () => void): string {
    const body = this.bodies.pop();
    if (body) return body;
    this.ranOut = true;
    stop();
    return exchangeBody('sub_supply_ran_out');
  }
}
