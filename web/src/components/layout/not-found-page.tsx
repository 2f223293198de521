import { Link } from 'react-router-dom';
import { SITE_NAME } from '@parts/shared/constants';
import { buttonVariants } from '../ui/button';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle(`404 Page Not Found | ${SITE_NAME}`);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonVariants({ className: 'mt-6' })}>
        Go to the home page
      </Link>
    </div>
  );
}
