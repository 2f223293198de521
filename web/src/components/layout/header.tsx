import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { ClipboardList, Menu, User as UserIcon, Wrench, X } from '../ui/icons';
import { SITE_NAME } from '@parts/shared/constants';
import { PartSearchBox } from '../part-search-box';
import { buttonVariants, Button } from '../ui/button';
import { useCurrentUser, useLogout } from '../../lib/session';
import { useQuoteBasket } from '../../features/quote-basket';
import { cn } from '../../lib/cn';
import { loginPathFor } from '../../lib/return-to';
import { useServerChrome } from '../../lib/server-chrome';
import { ACCOUNT_LINKS } from './account-links';

const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

const navLinks = [
  { to: '/catalog', label: 'Categories' },
  { to: '/manufacturers', label: 'Manufacturers' },
  { to: '/support', label: 'Support' },
];

/** The header's element, as React writes its start tag (the server renderer finds the header's HTML by it). */
export const HEADER_CLASS = 'sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur';

/**
 * The navigation link NavLink shows active for a path ('' for none): its rule (case-insensitive, the link's path or
 * below it) for these one-segment links. The server keeps one header per value (ADR 150).
 */
function activeNavLink(pathname: string): string {
  const first = `/${pathname.toLowerCase().split('/')[1] ?? ''}`;
  return navLinks.some((link) => link.to === first) ? first : '';
}

export function Header() {
  const location = useLocation();
  const loginPath = loginPathFor('/auth', `${location.pathname}${location.search}${location.hash}`);
  // On the server, after the first page of this variant: the same HTML without rendering it again (ADR 150).
  const html = useServerChrome('header', activeNavLink(location.pathname), [loginPath]);
  if (html !== undefined) return <header className={HEADER_CLASS} dangerouslySetInnerHTML={{ __html: html }} />;
  return <HeaderBar loginPath={loginPath} />;
}

function HeaderBar({ loginPath }: { loginPath: string }) {
  const navigate = useNavigate();
  const { itemCount, toggle } = useQuoteBasket();
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const [mobileOpen, setMobileOpen] = useState(false);

  const goSearch = (query: string) => void navigate(`/catalog?q=${encodeURIComponent(query)}`);
  const goPart = (slug: string) => void navigate(`/part/${slug}`);
  const doLogout = () => logout.mutate(undefined, { onSuccess: () => void navigate('/') });

  // Sticky bars below the header (the manufacturers' A–Z) start at its real height: 64 px from md up,
  // about twice that on a phone, where the search box wraps to a row of its own.
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--header-height', `${header.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);

  return (
    <header ref={headerRef} className={HEADER_CLASS}>
      {/* One search box (issue 34: half the render): in the row from md up; below md it wraps to a full-width row of its own. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 px-4">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded font-bold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          <Wrench className="h-6 w-6 text-blue-700" aria-hidden />
          <span>{SITE_NAME}</span>
        </Link>
        <div className="order-last -mx-4 basis-[calc(100%+2rem)] border-t border-slate-100 px-4 py-2 md:order-none md:mx-0 md:max-w-md md:flex-1 md:border-0 md:p-0">
          <PartSearchBox label="Search parts" onSubmit={goSearch} onSelect={(s) => goPart(s.slug)} />
        </div>
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 lg:flex">
          {navLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={({ isActive }) => cn(buttonVariants({ variant: 'ghost', size: 'sm' }), isActive && 'text-blue-700')}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex h-16 items-center gap-1 lg:ml-0">
          <Button variant="ghost" size="icon" onClick={toggle} aria-label={`Quote request, ${itemCount} items`} className="relative">
            <ClipboardList className="h-5 w-5" aria-hidden />
            <span
              data-testid="quote-badge"
              className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-blue-700 px-1 text-xs font-semibold text-white"
            >
              {itemCount}
            </span>
          </Button>
          <div className="hidden lg:block">
            {user ? (
              <Suspense
                fallback={
                  // The menu's trigger as it will look, while its code loads (no shift when it arrives).
                  <span className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                    <UserIcon className="h-4 w-4" aria-hidden />
                    <span>{user.username}</span>
                  </span>
                }
              >
                <AccountMenu username={user.username} isAdmin={user.isAdmin} onLogout={doLogout} />
              </Suspense>
            ) : (
              <Link to={loginPath} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                Login / Register
              </Link>
            )}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((o) => !o)}
          >
            {mobileOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </Button>
        </div>
      </div>
      {mobileOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 px-4 py-2 lg:hidden">
          <ul className="grid gap-1">
            {navLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={() => setMobileOpen(false)} className={cn(buttonVariants({ variant: 'ghost' }), 'w-full justify-start')}>
                  {link.label}
                </Link>
              </li>
            ))}
            {user?.isAdmin ? (
              <li>
                <Link to="/admin" onClick={() => setMobileOpen(false)} className={cn(buttonVariants({ variant: 'ghost' }), 'w-full justify-start')}>
                  Admin Dashboard
                </Link>
              </li>
            ) : null}
            {user
              ? ACCOUNT_LINKS.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} onClick={() => setMobileOpen(false)} className={cn(buttonVariants({ variant: 'ghost' }), 'w-full justify-start')}>
                      {link.label}
                    </Link>
                  </li>
                ))
              : null}
            <li>
              {user ? (
                <Button
                  variant="ghost"
                  className="w-full justify-start"
                  onClick={() => {
                    setMobileOpen(false);
                    doLogout();
                  }}
                >
                  Logout
                </Button>
              ) : (
                <Link to={loginPath} onClick={() => setMobileOpen(false)} className={cn(buttonVariants({ variant: 'ghost' }), 'w-full justify-start')}>
                  Login / Register
                </Link>
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
