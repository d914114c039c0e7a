import { unwrap, type ApiClient } from '@shared/api/client';

/**
 * The sign-in experience as the API answers it. The page and its forms all read this type from
 * here, so the forms never import the page that renders them.
 */
export const loadSignInExperience = (api: ApiClient) => unwrap(api.GET('/api/sign-in-exp'));

export type SignInExperience = Awaited<ReturnType<typeof loadSignInExperience>>;
