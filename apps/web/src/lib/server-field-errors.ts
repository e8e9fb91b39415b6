// The server checks every form again; its field messages go beside their fields like the browser's own,
// and the first of them takes the focus, so on a phone the person is taken to what needs fixing rather
// than left at a button below a message they cannot see.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Shows the server's first message for each of `fields` (in the order the form shows them) beside it
 * and focuses the first field that has one.
 */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly FieldPath<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  let placed = false;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (!message) continue;
    setError(field, { message }, { shouldFocus: !placed });
    placed = true;
  }
}
