import { z } from 'zod';
import { errorBody } from './error-schema.js';

/** The error bodies a route may answer with, one per status, so the OpenAPI document lists them. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;
}

export const noContent = z.null().describe('No content');

const id = z.string().min(1).max(128);
export const idParams = z.object({ id });
export const idList = z.array(id).min(1).max(100);

/** A JSON object in a response (custom data and the like); requests use `boundedJsonObject`. */
export const jsonObject = z.record(z.string(), z.unknown());

/** `?search=` as a case-insensitive substring, with LIKE wildcards in the input taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
