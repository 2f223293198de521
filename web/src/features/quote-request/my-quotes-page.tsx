import { Navigate, useLocation } from 'react-router-dom';
import { SITE_NAME } from '@parts/shared/constants';
import { PageSpinner } from '../../components/page-spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { loginPathFor } from '../../lib/return-to';
import { useCurrentUser } from '../../lib/session';
import { MyQuoteRequests } from './components/my-quote-requests';

export default function MyQuotesPage() {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  useDocumentTitle(`My Quote Requests | ${SITE_NAME}`);
  if (isPending) return <PageSpinner label="Loading your account" />;
  if (!user) return <Navigate to={loginPathFor('/auth', location.pathname)} replace />;
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold">My Quote Requests</h1>
        <p className="mt-1 text-slate-600">Follow your requests, compare offers and answer them.</p>
      </div>
      <MyQuoteRequests title="Quote Requests" />
    </div>
  );
}
