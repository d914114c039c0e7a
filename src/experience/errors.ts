import { ApiError } from '../http/errors.js';

// Codes are Logto's, so custom sign-in pages written against its Experience API keep working.

export const sessionNotFound = () =>
  new ApiError(
    400,
    'session.not_found',
    'No sign-in is in progress in this browser, or it has expired; start again from the application.',
  );

export const experienceNotStarted = () =>
  new ApiError(400, 'session.interaction_not_found', 'Start the experience with PUT /api/experience first.');

export const eventNotSupported = (event: string) =>
  new ApiError(
    422,
    'session.interaction_event_not_supported',
    `The ${event} experience is not supported yet.`,
  );

export const invalidCredentials = () =>
  new ApiError(422, 'session.invalid_credentials', 'The account or the password is incorrect.');

export const userSuspended = () => new ApiError(401, 'user.suspended', 'This account is suspended.');

export const verificationNotFound = () =>
  new ApiError(
    400,
    'session.verification_session_not_found',
    'No successful verification with this id belongs to the current sign-in.',
  );

export const identityConflict = () =>
  new ApiError(409, 'session.identity_conflict', 'This sign-in has already identified another user.');

export const identifierNotFound = () =>
  new ApiError(400, 'session.identifier_not_found', 'Identify the user before submitting the sign-in.');
