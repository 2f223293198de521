import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, User } from '@parts/shared/schemas';
import { errorText } from './api-client';
import { api, call } from './api';
import { toast } from '../hooks/use-toast';

/** The signed-in user, or null for a guest (the server answers 200 with null: a guest is not an error). */
export async function fetchCurrentUser(): Promise<User | null> {
  return call(api.api.auth.me.$get());
}

export function getCurrentUserQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'me'] as const, queryFn: fetchCurrentUser });
}

export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}

export interface SessionMutationOptions {
  /** Skip the default toasts and redirects (the admin login has its own). */
  silent?: boolean;
}

/** Where a successful login goes is the page's business (the auth page honours `returnTo`, else sends an administrator to /admin). */
export function useLogin({ silent = false }: SessionMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput): Promise<User> => call(api.api.auth.login.$post({ json: input })),
    onSuccess: (user) => {
      queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, user);
      if (silent) return;
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error) => {
      if (!silent) toast({ title: 'Login failed', description: errorText(error, 'Login failed'), variant: 'destructive' });
    },
  });
}

export function useRegister({ silent = false }: SessionMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<RegisterInput, 'isAdmin'>): Promise<User> => call(api.api.auth.register.$post({ json: { ...input, isAdmin: false } })),
    onSuccess: (user) => {
      queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, user);
      if (!silent) toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
    },
    onError: (error) => {
      if (!silent) {
        toast({ title: 'Registration failed', description: errorText(error, 'Registration failed'), variant: 'destructive' });
      }
    },
  });
}

export function useLogout({ silent = false }: SessionMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.api.auth.logout.$post()),
    onSuccess: () => {
      queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, null);
      if (!silent) toast({ title: 'Logged out successfully' });
    },
    onError: (error) => {
      if (!silent) toast({ title: 'Logout failed', description: errorText(error, 'Logout failed'), variant: 'destructive' });
    },
  });
}
