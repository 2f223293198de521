import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MailCheck } from '../../components/ui/icons';
import { SITE_NAME } from '@parts/shared/constants';
import { verificationMailInputSchema, type VerifyEmailResponse } from '@parts/shared/email-verification';
import type { User } from '@parts/shared/schemas';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/page-spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { toast } from '../../hooks/use-toast';
import { api, call } from '../../lib/api';
import { errorText } from '../../lib/api-client';
import { loginPathFor } from '../../lib/return-to';
import { getCurrentUserQueryOptions, useCurrentUser } from '../../lib/session';

type MailValues = z.input<typeof verificationMailInputSchema>;

/** Asks for a (new) confirmation link, to the account's address or to one typed here. */
function SendLinkForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const form = useForm<MailValues, unknown, z.output<typeof verificationMailInputSchema>>({
    resolver: zodResolver(verificationMailInputSchema),
    defaultValues: { email: user.email ?? '' },
  });
  const send = useMutation({
    mutationFn: (email: string | undefined) => call(api.api.auth['verification-mail'].$post({ json: email ? { email } : {} })),
    onSuccess: (answer) => {
      toast({ title: 'Confirmation link sent', description: answer.message });
      void queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey });
    },
    onError: (error) => toast({ title: 'Sending failed', description: errorText(error, 'The link could not be sent'), variant: 'destructive' }),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(({ email }) => send.mutate(email))} className="grid gap-4">
      <FormField label="Email" error={errors.email?.message} hint="A new link replaces any link sent before.">
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <Button type="submit" disabled={send.isPending} className="sm:justify-self-start">
        {send.isPending ? 'Sending...' : 'Send confirmation link'}
      </Button>
    </form>
  );
}

function AccountEmail({ user }: { user: User }) {
  if (user.email && user.emailVerified) {
    return (
      <p className="text-sm text-slate-700" data-testid="email-status">
        <strong className="break-all">{user.email}</strong> is confirmed. The mails about your quote requests go to this address.
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700" data-testid="email-status">
      {user.email ? (
        <>
          <strong className="break-all">{user.email}</strong> is not confirmed yet.
        </>
      ) : (
        'Your account has no e-mail address yet.'
      )}{' '}
      You can send quote requests as usual; the mails about them wait until your address is confirmed, then they are sent.
    </p>
  );
}

/** Opens the link from the confirmation mail (any browser, signed in or not) and confirms the address once. */
function ConfirmLink({ token, user }: { token: string; user: User | null | undefined }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: (): Promise<VerifyEmailResponse> => call(api.api.auth['verify-email'].$post({ json: { token } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
  });
  // Once per page, also under StrictMode's double effects.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate();
  }, [confirm]);

  if (confirm.isSuccess) {
    return (
      <div className="grid gap-4" role="status">
        <p className="flex items-start gap-2 text-sm text-slate-700">
          <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden />
          <span>
            {confirm.data.message} The mails about your quote requests go to <strong className="break-all">{confirm.data.email}</strong>, including any that
            waited for this confirmation.
          </span>
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/account/quotes" className={buttonVariants()}>
            My Quote Requests
          </Link>
          <Link to="/catalog" className={buttonVariants({ variant: 'outline' })}>
            Browse All Parts
          </Link>
        </div>
      </div>
    );
  }
  if (confirm.isError) {
    return (
      <div className="grid gap-4">
        <p className="text-sm text-red-700" role="alert">
          {errorText(confirm.error, 'This confirmation link is not valid or has expired. Ask for a new one.')}
        </p>
        {user ? (
          <SendLinkForm user={user} />
        ) : (
          <Link to={loginPathFor('/auth', '/account/verify-email')} className={buttonVariants({ className: 'justify-self-start' })}>
            Log in to ask for a new link
          </Link>
        )}
      </div>
    );
  }
  return <p className="text-sm text-slate-700">Confirming your e-mail address...</p>;
}

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token');
  const { data: user, isPending } = useCurrentUser();
  useDocumentTitle(`Confirm Your E-mail Address | ${SITE_NAME}`);

  if (!token && isPending) return <PageSpinner />;
  if (!token && !user) return <Navigate to={loginPathFor('/auth', `${location.pathname}${location.search}`)} replace />;

  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">Your E-mail Address</h1>
          <CardDescription>Mails about your quote requests go only to an address you have confirmed.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {token ? (
            <ConfirmLink token={token} user={user} />
          ) : user ? (
            <>
              <AccountEmail user={user} />
              {user.emailVerified ? null : <SendLinkForm user={user} />}
            </>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
