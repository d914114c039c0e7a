import { apiError } from '../http/error-registry.js';
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
    throw apiError('user.password_and_digest');
  }
  if (passwordDigest !== undefined) {
    if (passwordAlgorithm === undefined) {
      throw apiError('user.password_algorithm_required');
    }
    return importedPassword(passwordAlgorithm, passwordDigest);
  }
  if (passwordAlgorithm !== undefined) {
    throw apiError('user.password_digest_required');
  }
  return password === undefined ? undefined : argon2idPassword(await hashPassword(password));
}
