// The list's filters, sort and page live in the URL query, so a search can be bookmarked, shared and
// survives Back. Unknown or malformed values are ignored rather than sent.
import { LIST_SORTS, type ListSort, MIN_RATING_OPTIONS } from '@workspace/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DirectoryParams } from '../api/get-directory';

export interface DirectoryFilters {
  search: string;
  city: string;
  /** '' for any rating, else one of MIN_RATING_OPTIONS. */
  min_rating: string;
  skills: string;
}

export const EMPTY_FILTERS: DirectoryFilters = { search: '', city: '', min_rating: '', skills: '' };

const isSort = (value: string | null): value is ListSort => LIST_SORTS.some((sort) => sort === value);
const validMinRating = (value: string | null) =>
  MIN_RATING_OPTIONS.some((option) => String(option) === value) ? (value as string) : '';

function parseDirectorySearch(search: URLSearchParams, withSkills: boolean) {
  const filters: DirectoryFilters = {
    search: search.get('search')?.trim() ?? '',
    city: search.get('city')?.trim() ?? '',
    min_rating: validMinRating(search.get('min_rating')),
    skills: withSkills ? (search.get('skills')?.trim() ?? '') : '',
  };
  const sortParam = search.get('sort');
  const sort: ListSort = isSort(sortParam) ? sortParam : 'top';
  const pageNumber = Number(search.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  return { filters, sort, page };
}

function toQuery({ filters, sort, page }: ReturnType<typeof parseDirectorySearch>): DirectoryParams {
  return {
    page,
    sort,
    search: filters.search || undefined,
    city: filters.city || undefined,
    min_rating: filters.min_rating ? Number(filters.min_rating) : undefined,
    skills: filters.skills || undefined,
  };
}

export function useDirectoryParams(withSkills: boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseDirectorySearch(searchParams, withSkills), [searchParams, withSkills]);

  const write = (next: { filters: DirectoryFilters; sort: ListSort; page: number }) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(next.filters)) {
      if (value.trim()) params.set(key, value.trim());
    }
    if (next.sort !== 'top') params.set('sort', next.sort);
    if (next.page > 1) params.set('page', String(next.page));
    setSearchParams(params);
  };

  return {
    ...state,
    query: toQuery(state),
    /** New filters start again at page 1. */
    applyFilters: (filters: DirectoryFilters) => write({ filters, sort: state.sort, page: 1 }),
    setSort: (sort: ListSort) => write({ ...state, sort, page: 1 }),
    setPage: (page: number) => write({ ...state, page }),
  };
}
