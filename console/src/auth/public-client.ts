import { createApiClient } from '@shared/api/client';

/** For the public console routes (configuration, first-run setup): no bearer. */
export const publicClient = createApiClient(async () => undefined);
