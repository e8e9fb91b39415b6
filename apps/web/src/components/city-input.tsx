// A city field that offers the cities the portal knows, as the reader's language writes them
// (contracts' cities.ts, ADR 0033): "Ben" offers "Bengaluru", "बें" offers "बेंगलुरु". Any other city may
// still be typed; the server stores a listed city's every name (Bangalore, बेंगलुरु) as the kept one.
import { useLingui } from '@lingui/react/macro';
import { KNOWN_CITIES } from '@workspace/contracts';
import { type ComponentProps, useId } from 'react';
import { Input } from '@/components/ui/input';
import { formatCity } from '@/lib/cities';

export function CityInput(props: ComponentProps<typeof Input>) {
  const suggestions = useId();
  const { i18n } = useLingui();
  const offered = KNOWN_CITIES.map((city) => formatCity(city)).sort((a, b) =>
    a.localeCompare(b, i18n.locale),
  );
  return (
    <>
      <Input autoComplete="address-level2" {...props} list={suggestions} />
      <datalist id={suggestions}>
        {offered.map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
    </>
  );
}
