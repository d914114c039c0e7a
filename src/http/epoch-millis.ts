import { z } from 'zod';

/** The last instant a JavaScript Date holds (±100,000,000 days from the epoch). */
export const maxEpochMillis = 8.64e15;

/** Milliseconds since the epoch, as Logto's timestamps are, within what becomes a valid Date. */
export const epochMillis = z.number().int().min(0).max(maxEpochMillis);
