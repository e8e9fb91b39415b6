// A form's checks loaded when first needed instead of with its page. The checks are the contracts'
// zod schemas, which with zod are the largest part of a form page's code; on the sign-in page they
// were a fifth of the JavaScript fetched before it could paint (issue 4; the history of docs/benchmarks.md).
import type { FieldValues, Resolver } from 'react-hook-form';

export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () => {
    // A failed load (a dropped connection) is tried again on the next check.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  return {
    resolver,
    /** Starts loading the checks (say, when the form is first touched), so a submit need not wait. */
    preload: () => {
      get().catch(() => {});
    },
  };
}
