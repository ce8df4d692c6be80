// What the outbox table keeps of an emailed link: everything but its code.

/** Stands in the outbox table for the code of an emailed link. */
export const REDACTED_CODE = '[removed]';

/** The body without the codes of its links (the `c` parameter of /account/verify and /account/reset links). */
export function redactCodes(body: string): string {
  return body.replace(/(https?:\/\/\S*?[?&]c=)[^&\s]+/g, `$1${REDACTED_CODE}`);
}
