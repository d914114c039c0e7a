/** A storage command that will not run as asked; the message says why and what to do instead. */
export class StorageRefused extends Error {}
