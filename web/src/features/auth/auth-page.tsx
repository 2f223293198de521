import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { FileText, Search, ShieldCheck } from '../../components/ui/icons';
import { SITE_NAME } from '@parts/shared/constants';
import { loginInputSchema, registerInputSchema } from '@parts/shared/schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { PageSpinner } from '../../components/page-spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { RETURN_TO_PARAM, safeReturnPath } from '../../lib/return-to';
import { useCurrentUser, useLogin, useRegister } from '../../lib/session';

type LoginValues = z.input<typeof loginInputSchema>;
type RegisterValues = z.input<typeof registerInputSchema>;

function LoginForm({ onSwitch, login }: { onSwitch: () => void; login: ReturnType<typeof useLogin> }) {
  const form = useForm<LoginValues, unknown, z.output<typeof loginInputSchema>>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} className="grid gap-4">
      <FormField label="Username" error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Button variant="link" className="h-auto p-0" onClick={onSwitch}>
          Register
        </Button>
      </p>
    </form>
  );
}

function RegisterForm({ onSwitch }: { onSwitch: () => void }) {
  const registerUser = useRegister();
  const form = useForm<RegisterValues, unknown, z.output<typeof registerInputSchema>>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { username: '', email: '', name: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ username, password, email, name }) => registerUser.mutate({ username, password, email, name }))}
      className="grid gap-4"
    >
      <FormField label="Username" error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </FormField>
      <FormField label="Email (optional)" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Full Name (optional)" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" disabled={registerUser.isPending}>
        {registerUser.isPending ? 'Registering...' : 'Register'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Button variant="link" className="h-auto p-0" onClick={onSwitch}>
          Login
        </Button>
      </p>
    </form>
  );
}

const benefits = [
  { icon: Search, title: 'Advanced Search', text: 'Find parts by number, name, manufacturer or specification in seconds.' },
  { icon: FileText, title: 'Easy Quotes', text: 'Collect parts in your quote basket and request pricing in one step.' },
  { icon: ShieldCheck, title: 'Certified Quality', text: 'New and surplus stock, backed by our 1-year warranty.' },
];

export default function AuthPage() {
  const { data: user, isPending } = useCurrentUser();
  const [tab, setTab] = useState('login');
  const login = useLogin();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_TO_PARAM));
  useDocumentTitle(`Login or Register | ${SITE_NAME}`);

  if (isPending) return <PageSpinner />;
  // Back to where the user was; else an administrator who just logged in here goes to /admin, anyone else home.
  if (user) return <Navigate to={returnTo ?? (login.isSuccess && user.isAdmin ? '/admin' : '/')} replace />;

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 md:grid-cols-2">
      <Card>
        <CardHeader>
          {/* The page's one h1 (the card title's h3 looked the same but left the page without one). */}
          <h1 className="text-2xl font-semibold leading-tight">Welcome to {SITE_NAME}</h1>
          <CardDescription>Log in or create an account to request quotes.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm login={login} onSwitch={() => setTab('register')} />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm onSwitch={() => setTab('login')} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <aside className="grid content-center gap-6 rounded-lg bg-blue-900 p-8 text-white">
        <h2 className="text-xl font-bold">Why create an account?</h2>
        <ul className="grid gap-5">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon className="mt-0.5 h-6 w-6 shrink-0 text-blue-200" aria-hidden />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-blue-100">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
