/** A failure the operator can act on: the command line prints its message alone (no stack) and exits 1. */
export class OpsError extends Error {}
