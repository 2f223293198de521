import { Link } from 'react-router-dom';
import { SITE_NAME } from '@parts/shared/constants';
import { useServerChrome } from '../../lib/server-chrome';
import { SITE_CONTACT } from './site-contact';

const quickLinks = [
  { to: '/catalog', label: 'Catalog' },
  { to: '/manufacturers', label: 'Manufacturers' },
  { to: '/quote-request', label: 'Request a Quote' },
  { to: '/support', label: 'Support' },
  { to: '/contact', label: 'Contact Us' },
];

const categoryLinks = [
  { to: '/catalog/hydraulic-components', label: 'Hydraulic Components' },
  { to: '/catalog/pneumatic-systems', label: 'Pneumatic Systems' },
  { to: '/catalog/electrical-controls', label: 'Electrical Controls' },
  { to: '/catalog/automation-solutions', label: 'Automation Solutions' },
  { to: '/catalog/maintenance-products', label: 'Maintenance Products' },
];

const policyLinks = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/cookies', label: 'Cookie Policy' },
];

const linkClass = 'rounded text-slate-300 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white';

/** The footer's element, as React writes its start tag (the server renderer finds the footer's HTML by it). */
export const FOOTER_CLASS = 'mt-16 bg-slate-900 text-slate-200';

export function Footer() {
  const year = new Date().getFullYear();
  // On the server, after the first page of the year: the same HTML without rendering it again (ADR 150).
  const html = useServerChrome('footer', String(year));
  if (html !== undefined) return <footer className={FOOTER_CLASS} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <footer className={FOOTER_CLASS}>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 className="mb-3 text-base font-semibold text-white">{SITE_NAME}</h2>
          <p className="text-sm text-slate-300">Industrial components from top manufacturers: millions of parts in one place.</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="mb-3 text-base font-semibold text-white">Quick Links</h2>
          <ul className="grid gap-2 text-sm">
            {quickLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Categories">
          <h2 className="mb-3 text-base font-semibold text-white">Categories</h2>
          <ul className="grid gap-2 text-sm">
            {categoryLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-base font-semibold text-white">Contact</h2>
          <address className="grid gap-1 text-sm not-italic text-slate-300">
            {SITE_CONTACT.addressLines.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <span>
              Phone:{' '}
              <a href={`tel:${SITE_CONTACT.phone.replace(/[^+\d]/g, '')}`} className={linkClass}>
                {SITE_CONTACT.phone}
              </a>
            </span>
            <span>
              Email:{' '}
              <a href={`mailto:${SITE_CONTACT.email}`} className={linkClass}>
                {SITE_CONTACT.email}
              </a>
            </span>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-700">
        <div className="mx-auto grid max-w-7xl gap-4 px-4 py-6 text-xs text-slate-300">
          <ul data-testid="legal-statements" className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            <li>All goods are new and surplus.</li>
            <li>Warranty: 1 year, provided by {SITE_NAME}, not by the manufacturer.</li>
            <li>Prices are subject to change without notice.</li>
            <li>Pictures are for illustration purposes only.</li>
            <li>All units are subject to prior sale.</li>
          </ul>
          <p>
            <strong className="text-slate-100">Disclaimer:</strong> {SITE_NAME} is not an authorised distributor, representative or affiliate of the
            manufacturers whose products it sells. Product information is provided as supplied and should be verified before use.
          </p>
          <p>
            <strong className="text-slate-100">Manufacturer disclaimer:</strong> All manufacturer names, trademarks, logos and part numbers are the property of
            their respective owners and are used for identification purposes only.
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p>
              © {year} {SITE_NAME}. All rights reserved.
            </p>
            <nav aria-label="Legal">
              <ul className="flex flex-wrap gap-4">
                {policyLinks.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className={linkClass}>
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      </div>
    </footer>
  );
}
