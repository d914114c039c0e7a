import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { codeOf } from './error-registry.js';

/** The code of a refused member that Logto's request shape has and Tessera does not implement. */
export const UNSUPPORTED_MEMBER = codeOf('guard.unsupported_member');

/**
 * A member of Logto's request shape that Tessera does not implement: refused with 400
 * `guard.unsupported_member` and `why`, never ignored (a client would believe it applied).
 * `null`, Logto's "none", is taken as its absence.
 */
export function unsupportedMember(why: string) {
  return z
    .unknown()
    .optional()
    .superRefine((value, ctx) => {
      if (value !== undefined && value !== null) {
        ctx.addIssue({ code: 'custom', message: why, params: { code: UNSUPPORTED_MEMBER } });
      }
    })
    .transform(() => undefined)
    .describe(`Not supported: ${why}`);
}

/**
 * Every route of `app` whose body is a plain object refuses members it does not declare (400
 * `guard.invalid_input` naming them) instead of dropping them: a misspelt or unimplemented
 * member must not answer 200 as if it had been applied. Objects that declare a rule for other
 * members (a catch-all) keep it.
 */
export function refuseUndeclaredMembers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body;
    if (body instanceof z.ZodObject && body._zod.def.catchall === undefined) {
      route.schema!.body = body.strict();
    }
  });
}
