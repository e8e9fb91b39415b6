import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { lazyResolver } from './lazy-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
const accepting: Resolver = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the checks once, on the first check or preload, and answers with them', async () => {
    let loads = 0;
    const checks = lazyResolver(async () => {
      loads += 1;
      return accepting;
    });
    expect(loads).toBe(0);
    checks.preload();
    await expect(checks.resolver({ name: 'Asha' }, undefined, options)).resolves.toEqual({
      values: { name: 'Asha' },
      errors: {},
    });
    await checks.resolver({ name: 'Ravi' }, undefined, options);
    expect(loads).toBe(1);
  });

  it('tries the load again after it failed', async () => {
    let loads = 0;
    const checks = lazyResolver(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return accepting;
    });
    await expect(checks.resolver({}, undefined, options)).rejects.toThrow('offline');
    await expect(checks.resolver({}, undefined, options)).resolves.toEqual({ values: {}, errors: {} });
    expect(loads).toBe(2);
  });
});
