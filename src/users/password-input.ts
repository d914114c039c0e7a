import { ApiError } from '../http/errors.js';
import { importedPassword, type StoredPassword } from './password-digest.js';
import { argon2idPassword, hashPassword } from './passwords.js';

export interface PasswordInput {
  password?: string;
  passwordDigest?: string;
  passwordAlgorithm?: string;
}

/**
 * The password a create or set-password body asks for: a clear password is hashed with argon2id,
 * an imported digest is checked and kept with its algorithm. Logto's codes for the pairs it refuses.
 */
export async function passwordToStore(input: PasswordInput): Promise<StoredPassword | undefined> {
  const { password, passwordDigest, passwordAlgorithm } = input;
  if (password !== undefined && passwordDigest !== undefined) {
    throw new ApiError(
      400,
      'user.password_and_digest',
      'Send either `password` or `passwordDigest`, not both.',
    );
  }
  if (passwordDigest !== undefined) {
    if (passwordAlgorithm === undefined) {
      throw new ApiError(
        400,
        'user.password_algorithm_required',
        '`passwordDigest` needs `passwordAlgorithm` to say how it is checked.',
      );
    }
    return importedPassword(passwordAlgorithm, passwordDigest);
  }
  if (passwordAlgorithm !== undefined) {
    throw new ApiError(
      400,
      'user.password_digest_required',
      '`passwordAlgorithm` is only taken with `passwordDigest`; a clear `password` is always hashed with argon2id.',
    );
  }
  return password === undefined ? undefined : argon2idPassword(await hashPassword(password));
}
