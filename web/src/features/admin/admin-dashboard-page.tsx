import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FileText, Folder, LogOut, Package, Factory, Store } from '../../components/ui/icons';
import type { Icon as IconComponent } from '../../components/ui/icons';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { PageSpinner } from '../../components/page-spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { toast } from '../../hooks/use-toast';
import { loginPathFor } from '../../lib/return-to';
import { useCurrentUser, useLogout } from '../../lib/session';
import { useAdminStats } from './api/get-admin-stats';
import { CategoriesTab } from './components/categories-tab';
import { ManufacturersTab } from './components/manufacturers-tab';
import { PartsTab } from './components/parts-tab';
import { QUOTE_PARAM, QuoteRequestsTab } from './components/quote-requests-tab';
import { DemandTab } from './components/demand-tab';
import { WebhooksTab } from './components/webhooks-tab';

function SummaryCard({ title, value, icon: Icon }: { title: string; value: number | undefined; icon: IconComponent }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle className="text-sm font-medium text-slate-600">{title}</CardTitle>
        <Icon className="h-5 w-5 text-slate-500" aria-hidden />
      </CardHeader>
      <CardContent>{value === undefined ? <Skeleton className="h-8 w-16" /> : <p className="text-3xl font-bold">{value}</p>}</CardContent>
    </Card>
  );
}

function SummaryCards() {
  const stats = useAdminStats();
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard title="Total Categories" value={stats.data?.totalCategories} icon={Folder} />
      <SummaryCard title="Total Manufacturers" value={stats.data?.totalManufacturers} icon={Factory} />
      <SummaryCard title="Total Parts" value={stats.data?.totalParts} icon={Package} />
      <SummaryCard title="Pending Quotes" value={stats.data?.pendingQuotes} icon={FileText} />
    </section>
  );
}

const TABS = ['overview', 'categories', 'manufacturers', 'parts', 'quotes', 'demand', 'webhooks'] as const;
type Tab = (typeof TABS)[number];
const TAB_PARAM = 'tab';

/** The open tab lives in the URL (?tab=parts), so a reload, a shared link and Back all keep it. */
function useTabInUrl(): [Tab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(TAB_PARAM);
  // A link to one quote request (?quote=42, as in the admin's notification mail) opens the quotes tab.
  const tab = TABS.find((t) => t === raw) ?? (params.has(QUOTE_PARAM) ? 'quotes' : 'overview');
  const setTab = (next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.delete(QUOTE_PARAM);
      if (next === 'overview') updated.delete(TAB_PARAM);
      else updated.set(TAB_PARAM, next);
      return updated;
    });
  return [tab, setTab];
}

function Dashboard() {
  const navigate = useNavigate();
  const logout = useLogout();
  const [tab, setTab] = useTabInUrl();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <h1 className="text-2xl font-bold">Admin Dashboard</h1>
          <div className="flex flex-wrap items-center gap-2">
            <Link to="/" className={buttonVariants({ variant: 'ghost' })}>
              <Store className="h-4 w-4" aria-hidden />
              View storefront
            </Link>
            <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate(undefined, { onSuccess: () => void navigate('/admin/login') })}>
              <LogOut className="h-4 w-4" aria-hidden />
              Logout
            </Button>
          </div>
        </div>
      </header>
      {/* minmax(0,1fr): a wide table scrolls inside its own box instead of widening the page. */}
      <main className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6">
        <SummaryCards />
        {/* Manual activation: arrow keys move focus, Enter opens; a tab that merely regains focus (after Back) never pushes a new entry. */}
        <Tabs value={tab} onValueChange={setTab} activationMode="manual" className="min-w-0">
          <TabsList>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="categories">Categories</TabsTrigger>
            <TabsTrigger value="manufacturers">Manufacturers</TabsTrigger>
            <TabsTrigger value="parts">Parts</TabsTrigger>
            <TabsTrigger value="quotes">Quote Requests</TabsTrigger>
            <TabsTrigger value="demand">Demand</TabsTrigger>
            <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <Card>
              <CardHeader>
                <CardTitle>Welcome to the Admin Dashboard</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-slate-700">
                  Manage your catalogue of categories, manufacturers and parts, import parts in bulk from CSV files, and follow up customer quote requests.
                  Choose a tab above to get started.
                </p>
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="categories">
            <CategoriesTab />
          </TabsContent>
          <TabsContent value="manufacturers">
            <ManufacturersTab />
          </TabsContent>
          <TabsContent value="parts">
            <PartsTab />
          </TabsContent>
          <TabsContent value="quotes">
            <QuoteRequestsTab />
          </TabsContent>
          <TabsContent value="demand">
            <DemandTab />
          </TabsContent>
          <TabsContent value="webhooks">
            <WebhooksTab />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}

export default function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const navigate = useNavigate();
  const location = useLocation();
  const currentUser = useCurrentUser();
  const user = currentUser.data;
  const denied = user != null && !user.isAdmin;
  const toasted = useRef(false);

  useEffect(() => {
    if (!denied || toasted.current) return;
    toasted.current = true;
    toast({ title: 'Access Denied', description: 'You do not have admin privileges.', variant: 'destructive' });
    void navigate('/', { replace: true });
  }, [denied, navigate]);

  if (currentUser.isPending) return <PageSpinner />;
  if (!user) return <Navigate to={loginPathFor('/admin/login', `${location.pathname}${location.search}`)} replace />;
  if (!user.isAdmin) return <PageSpinner />;
  return <Dashboard />;
}
