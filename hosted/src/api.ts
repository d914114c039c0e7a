import { createApiClient } from '@shared/api/client';

/** The Experience API client: same origin, the interaction cookie does the binding. */
export const api = createApiClient();
