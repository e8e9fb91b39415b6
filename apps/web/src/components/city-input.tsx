// A city field that offers the cities the portal knows, by the name kept for each (contracts'
// cities.ts, ADR 0033): "Ben" offers "Bengaluru". Any other city may still be typed; the server stores
// a listed city's other names (Bangalore, बेंगलुरु) under the kept one.
import { KNOWN_CITIES } from '@workspace/contracts';
import { type ComponentProps, useId } from 'react';
import { Input } from '@/components/ui/input';

export function CityInput(props: ComponentProps<typeof Input>) {
  const suggestions = useId();
  return (
    <>
      <Input autoComplete="address-level2" {...props} list={suggestions} />
      <datalist id={suggestions}>
        {KNOWN_CITIES.map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
    </>
  );
}
