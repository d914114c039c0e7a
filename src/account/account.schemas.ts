import { userResponse } from '../users/users.schemas.js';

/** The signed-in user's own identifiers and display data; custom data and the rest stay management's. */
export const accountProfile = userResponse.pick({
  id: true,
  username: true,
  primaryEmail: true,
  primaryPhone: true,
  name: true,
  avatar: true,
  hasPassword: true,
});
