// The companies list (for employees) and the employees list (for employers), SPEC §2: filters,
// sort, 'Showing N of total', cards and Previous/Next, all kept in the URL.
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ListSort, listedCity, PAGE_SIZES } from '@workspace/contracts';
import { SearchX } from 'lucide-react';
import { useDeferredValue } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ListPager, showingText } from '@/components/list-paging';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { formatCity } from '@/lib/cities';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { type DirectoryKind, useDirectory } from '../api/get-directory';
import { DirectoryCard } from './directory-card';
import { DirectoryFilters } from './directory-filters';
import { useDirectoryParams } from './use-directory-params';

const SORT_LABELS: Record<ListSort, MessageDescriptor> = {
  top: msg`Top rated`,
  rating: msg`Highest rating`,
  reviews: msg`Most reviews`,
  newest: msg`Newest`,
  name: msg`Name`,
};

const COPY: Record<DirectoryKind, Record<'title' | 'intro' | 'search' | 'empty', MessageDescriptor>> = {
  companies: {
    title: msg`Companies`,
    intro: msg`Find companies across India and see how their employees rate them.`,
    search: msg`Company name or city`,
    empty: msg`No companies found`,
  },
  employees: {
    title: msg`Employees`,
    intro: msg`Find professionals across India and see how their employers rate them.`,
    search: msg`Name or city`,
    empty: msg`No employees found`,
  },
};

/**
 * A search or filtered list that matched more users than the server counts (total_capped):
 * 'Showing 20 of 1,000+'.
 */
const showingCapped = (shown: number, total: number) => {
  const counted = formatNumber(total);
  return t`Showing ${shown} of ${counted}+`;
};

/**
 * Whether a search has a letter of a script other than Latin ("पुणे"): names and cities are found as
 * their profiles write them, and most write them in English letters.
 */
const otherScript = (search: string | undefined) =>
  Boolean(search && /(?=\p{L})\P{Script=Latin}/u.test(search));

/**
 * The listed city a search that found nothing names by another of its names ("Bangalore",
 * "बेंगलुरु"): the search box looks in names and cities as stored, and a city is stored under the one
 * name kept for it (ADR 0033), which the City filter takes in any of its names.
 */
const cityElseNamed = (search: string | undefined) => {
  const city = search ? listedCity(search) : null;
  return city && city !== search ? city : null;
};

// Off screen, a placeholder skips style and layout (content-visibility), keeping about its own size.
const PLACEHOLDER_CARD =
  'grid gap-3 rounded-xl border bg-card p-4 [contain-intrinsic-size:auto_7rem] [content-visibility:auto]';

/** A full page of placeholders: as tall as the page they stand for, so nothing below them moves. */
function CardSkeletons() {
  return (
    <ul aria-hidden className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: PAGE_SIZES.list }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className={PLACEHOLDER_CARD}>
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-4 w-1/2" />
        </li>
      ))}
    </ul>
  );
}

export function Directory({ kind }: { kind: DirectoryKind }) {
  const { i18n } = useLingui();
  const copy = Object.fromEntries(
    Object.entries(COPY[kind]).map(([key, descriptor]) => [key, i18n._(descriptor)]),
  ) as Record<keyof (typeof COPY)[DirectoryKind], string>;
  const withSkills = kind === 'employees';
  const params = useDirectoryParams(withSkills);
  const list = useDirectory(kind, params.query);
  // A page of cards is rendered in the background, in slices that let the browser paint and respond
  // in between, rather than in one long task as it arrives (most of a phone's blocking time here).
  const data = useDeferredValue(list.data);

  const searchedCity = cityElseNamed(params.filters.search);
  const searchedCityShown = searchedCity && formatCity(searchedCity);

  const changePage = (page: number) => {
    params.setPage(page);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">{copy.title}</h1>
        <p className="text-muted-foreground">{copy.intro}</p>
      </div>
      <DirectoryFilters
        applied={params.filters}
        withSkills={withSkills}
        searchPlaceholder={copy.search}
        onApply={params.applyFilters}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        {/* A row of its own on a phone, loading or not: the count's text would otherwise push the
            sort onto a second line when the list arrives (a layout shift at 360 px). */}
        <p aria-live="polite" className="basis-full text-muted-foreground text-sm sm:basis-auto">
          {/* An empty page says so below, and why. */}
          {data && data.results.length > 0
            ? (data.total_capped ? showingCapped : showingText)(data.results.length, data.total_count)
            : '\u00a0'}
          {/* A search lists those with a word that begins with it first (ADR 0020), whatever the sort:
              without a word on it, "Top rated" looks out of order. Not over the list before a search,
              still shown while the search's own list loads. */}
          {data && data.results.length > 0 && params.filters.search && !list.isPlaceholderData && (
            <span className="block">
              <Trans>Results with a word that begins with your search come first.</Trans>
            </span>
          )}
        </p>
        <div className="flex items-center gap-2">
          <Label htmlFor="directory-sort" className="whitespace-nowrap text-muted-foreground">
            <Trans>Sort by</Trans>
          </Label>
          <Select
            id="directory-sort"
            value={params.sort}
            onChange={(event) => params.setSort(event.target.value as ListSort)}
            className="w-44"
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {i18n._(label)}
              </option>
            ))}
          </Select>
        </div>
        {/* Two orders by rating side by side need a word on how they differ. */}
        {(params.sort === 'top' || params.sort === 'rating') && (
          <p className="basis-full text-muted-foreground text-sm sm:text-right">
            {params.sort === 'top' ? (
              <Trans>
                Top rated weighs each average by its number of reviews, so one 5-star review does not lead.
              </Trans>
            ) : (
              <Trans>Highest rating is the average alone, however few the reviews.</Trans>
            )}{' '}
            <TextLink to={paths.howRatingsWork.getHref()}>
              <Trans>How ratings work</Trans>
            </TextLink>
          </p>
        )}
      </div>
      {!data ? (
        <QueryState
          // Still placeholders while an arrived page waits for its background render.
          query={{ isPending: !list.isError, refetch: list.refetch }}
          failure={i18n._(msg`The list could not be loaded just now.`)}
          placeholder={<CardSkeletons />}
        />
      ) : data.results.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={copy.empty}
          hint={
            // A lower bound of none: the server looked for so short a search among part of the list
            // (a page past the cap, 1,000+, is empty too, but only by an edited address).
            data.total_capped && data.total_count === 0 ? (
              <Trans>So short a search looks through only part of the list: type more letters.</Trans>
            ) : searchedCity ? (
              <>
                <Trans>To find a city, use the City filter.</Trans>{' '}
                <Button
                  variant="link"
                  className="h-auto p-0"
                  onClick={() => params.applyFilters({ ...params.filters, search: '', city: searchedCity })}
                >
                  <Trans>Show everyone in {searchedCityShown}</Trans>
                </Button>
              </>
            ) : otherScript(params.filters.search) ? (
              <Trans>
                Profiles are found as they are written, and most write names and cities in English letters:
                try yours in them too, for example Pune.
              </Trans>
            ) : (
              <Trans>Try another search or clear the filters.</Trans>
            )
          }
        />
      ) : (
        <ul
          aria-label={copy.title}
          aria-busy={list.isPlaceholderData}
          className={cn(
            'grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3',
            list.isPlaceholderData && 'opacity-60',
          )}
        >
          {data.results.map((item) => (
            // Cards off screen skip style and layout until scrolled near (most of a page on a phone);
            // the size kept for them meanwhile is near a card's, so nothing moves when they render.
            <li key={item.id} className="[contain-intrinsic-size:auto_8rem] [content-visibility:auto]">
              <DirectoryCard item={item} />
            </li>
          ))}
        </ul>
      )}
      {data && (
        <ListPager
          page={params.page}
          pageSize={PAGE_SIZES.list}
          total={data.total_count}
          hasNext={data.has_next}
          onPageChange={changePage}
          label={i18n._(msg`${copy.title} pages`)}
        />
      )}
    </div>
  );
}
