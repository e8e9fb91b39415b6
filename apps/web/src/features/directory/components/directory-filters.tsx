// Search box, city, minimum rating (and skills for employees), with Search and Clear Filters.
// The fields are a draft until Search; the applied values live in the URL.
import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS, MIN_RATING_OPTIONS, SKILLS_FILTER_MAX } from '@workspace/contracts';
import { Search, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CityInput } from '@/components/city-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { EMPTY_FILTERS, type DirectoryFilters as Filters } from './use-directory-params';

export function DirectoryFilters({
  applied,
  withSkills,
  searchPlaceholder,
  onApply,
}: {
  applied: Filters;
  withSkills: boolean;
  searchPlaceholder: string;
  onApply: (filters: Filters) => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(applied);
  const [lastApplied, setLastApplied] = useState(applied);
  // The URL changed underneath (Back, Clear Filters, a link): show what is applied now.
  if (lastApplied !== applied) {
    setLastApplied(applied);
    setDraft(applied);
  }
  const set = (key: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers and test DOMs
    <form
      role="search"
      aria-label={t`Filters`}
      noValidate
      onSubmit={submit}
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <div
        className={
          withSkills ? 'grid grid-cols-2 gap-4 lg:grid-cols-4' : 'grid grid-cols-2 gap-4 sm:grid-cols-3'
        }
      >
        <Field
          label={t`Search`}
          className={withSkills ? 'col-span-2 lg:col-span-1' : 'col-span-2 sm:col-span-1'}
        >
          {(control) => (
            <Input
              {...control}
              type="search"
              value={draft.search}
              onChange={(e) => set('search')(e.target.value)}
              maxLength={LIMITS.searchMax}
              placeholder={searchPlaceholder}
            />
          )}
        </Field>
        <Field label={t`City`}>
          {(control) => (
            <CityInput
              {...control}
              value={draft.city}
              onChange={(e) => set('city')(e.target.value)}
              maxLength={LIMITS.cityMax}
              placeholder={t`e.g. Pune`}
            />
          )}
        </Field>
        <Field label={t`Minimum rating`}>
          {(control) => (
            <Select {...control} value={draft.min_rating} onChange={(e) => set('min_rating')(e.target.value)}>
              <option value="">{t`Any`}</option>
              {MIN_RATING_OPTIONS.map((n) => (
                <option key={n} value={String(n)}>
                  {t`${n}+ stars`}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {withSkills && (
          <Field
            label={t`Skills`}
            hint={t`Comma-separated, e.g. React, SQL`}
            className="col-span-2 lg:col-span-1"
          >
            {(control) => (
              <Input
                {...control}
                value={draft.skills}
                onChange={(e) => set('skills')(e.target.value)}
                maxLength={SKILLS_FILTER_MAX}
                placeholder={t`React, SQL`}
              />
            )}
          </Field>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <Search aria-hidden />
          <Trans>Search</Trans>
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
        >
          <X aria-hidden />
          <Trans>Clear Filters</Trans>
        </Button>
      </div>
    </form>
  );
}
