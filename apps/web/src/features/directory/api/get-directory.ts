// GET /api/core/companies/ (employees) and GET /api/core/employees/ (employers): one shape, two lists.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DirectoryQuery, type DirectoryResponse, PAGE_SIZES } from '@workspace/contracts';
import { api } from '@/lib/api-client';

export type DirectoryKind = 'companies' | 'employees';
export type DirectoryPage = DirectoryResponse;
export type DirectoryParams = Omit<DirectoryQuery, 'page_size'>;

const directoryQueryOptions = (kind: DirectoryKind, params: DirectoryParams) =>
  queryOptions({
    queryKey: ['directory', kind, params],
    queryFn: ({ signal }) =>
      api.get<DirectoryPage>(`/core/${kind}/`, { query: { ...params, page_size: PAGE_SIZES.list }, signal }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useDirectory(kind: DirectoryKind, params: DirectoryParams) {
  return useQuery(directoryQueryOptions(kind, params));
}
