import type { ListUsersQuery, UserList } from '@firm/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { usersApi } from './users-api';
import { useScreenQuery } from '../../../lib/screen-query';

export type UserListFilters = Pick<ListUsersQuery, 'role' | 'status' | 'search' | 'page' | 'limit'>;

/** Every user-management query starts with this key; a change to any account refreshes them. */
export const USERS_KEY = ['user-management', 'users'] as const;

/** GET /api/user-management/users */
export function getUsers(filters: UserListFilters, signal?: AbortSignal): Promise<UserList> {
  return usersApi.listUsers({ query: filters }, signal);
}

export const usersQueryOptions = (filters: UserListFilters) =>
  queryOptions({
    queryKey: [...USERS_KEY, filters],
    queryFn: ({ signal }) => getUsers(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(filters: UserListFilters) {
  return useScreenQuery(usersQueryOptions(filters));
}
