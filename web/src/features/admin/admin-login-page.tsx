import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Lock, ShieldCheck } from '../../components/ui/icons';
import { loginInputSchema } from '@parts/shared/schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/page-spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { toast } from '../../hooks/use-toast';
import { ApiError } from '../../lib/api-client';
import { RETURN_TO_PARAM, safeReturnPath } from '../../lib/return-to';
import { useCurrentUser, useLogin, useLogout } from '../../lib/session';

type LoginValues = z.input<typeof loginInputSchema>;

export default function AdminLoginPage() {
  useDocumentTitle('Admin Login');
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  const login = useLogin({ silent: true });
  const logout = useLogout({ silent: true });
  const [failure, setFailure] = useState<string | null>(null);
  const [params] = useSearchParams();
  // Back to the dashboard tab the admin was sent here from; never outside the admin area.
  const back = safeReturnPath(params.get(RETURN_TO_PARAM));
  const destination = back && /^\/admin(?:[?#]|$)/.test(back) ? back : '/admin';
  const form = useForm<LoginValues, unknown, z.output<typeof loginInputSchema>>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await login.mutateAsync(values);
      if (!user.isAdmin) {
        toast({ title: 'Access denied', description: 'You do not have administrative privileges.', variant: 'destructive' });
        await logout.mutateAsync();
        return;
      }
      toast({ title: 'Admin login successful' });
      await navigate(destination);
    } catch (error) {
      if (error instanceof ApiError) {
        const message = error.serverMessage ?? 'Invalid credentials. Please try again.';
        setFailure(message);
        toast({ title: 'Login failed', description: message, variant: 'destructive' });
      } else {
        setFailure('An error occurred while logging in. Please try again.');
        toast({ title: 'Error', description: 'An error occurred while logging in. Please try again.', variant: 'destructive' });
      }
    }
  });

  if (currentUser.isPending) return <PageSpinner />;
  // Only before submitting: after a login the handler decides where to go (and logs a non-admin out).
  if (currentUser.data?.isAdmin && !login.isPending && !form.formState.isSubmitting) return <Navigate to={destination} replace />;

  const busy = form.formState.isSubmitting;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-900 px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-blue-100 text-blue-700">
            <ShieldCheck className="h-6 w-6" aria-hidden />
          </span>
          {/* The page's one h1 (issue 32), styled as the card title it was. */}
          <h1 className="text-lg font-semibold leading-tight">
            <span className="text-2xl">Admin Control Panel</span>
          </h1>
          <CardDescription>Secure access for administrators only</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <FormField label="Admin Username" error={errors.username?.message}>
              <Input autoComplete="username" {...form.register('username')} />
            </FormField>
            <FormField label="Admin Password" error={errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...form.register('password')} />
            </FormField>
            {failure ? (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                {failure}
              </p>
            ) : null}
            <Button type="submit" disabled={busy}>
              <Lock className="h-4 w-4" aria-hidden />
              {busy ? 'Authenticating...' : 'Access Admin Panel'}
            </Button>
          </form>
        </CardContent>
        <CardFooter className="justify-center">
          <p className="text-center text-xs text-slate-600">Unauthorized access attempts are logged and monitored.</p>
        </CardFooter>
      </Card>
    </main>
  );
}
