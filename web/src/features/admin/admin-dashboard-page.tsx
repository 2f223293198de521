import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { FileText, Folder, LogOut, Package, Factory } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { PageSpinner } from '../../components/page-spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { toast } from '../../hooks/use-toast';
import { useCurrentUser, useLogout } from '../../lib/session';
import { useAdminStats } from './api/get-admin-stats';
import { CategoriesTab } from './components/categories-tab';
import { ManufacturersTab } from './components/manufacturers-tab';
import { PartsTab } from './components/parts-tab';
import { QuoteRequestsTab } from './components/quote-requests-tab';

function SummaryCard({ title, value, icon: Icon }: { title: string; value: number | undefined; icon: LucideIcon }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle className="text-sm font-medium text-slate-600">{title}</CardTitle>
        <Icon className="h-5 w-5 text-slate-500" aria-hidden />
      </CardHeader>
      <CardContent>
        {value === undefined ? <Skeleton className="h-8 w-16" /> : <p className="text-3xl font-bold">{value}</p>}
      </CardContent>
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

function Dashboard() {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-4">
          <h1 className="text-2xl font-bold">Admin Dashboard</h1>
          <Button
            variant="outline"
            disabled={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSuccess: () => void navigate('/admin/login') })}
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Logout
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6">
        <SummaryCards />
        <Tabs defaultValue="overview">
          <TabsList>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="categories">Categories</TabsTrigger>
            <TabsTrigger value="manufacturers">Manufacturers</TabsTrigger>
            <TabsTrigger value="parts">Parts</TabsTrigger>
            <TabsTrigger value="quotes">Quote Requests</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <Card>
              <CardHeader>
                <CardTitle>Welcome to the Admin Dashboard</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-slate-700">
                  Manage your catalogue of categories, manufacturers and parts, import parts in bulk from CSV files, and follow up
                  customer quote requests. Choose a tab above to get started.
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
        </Tabs>
      </main>
    </div>
  );
}

export default function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const navigate = useNavigate();
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
  if (!user) return <Navigate to="/admin/login" replace />;
  if (!user.isAdmin) return <PageSpinner />;
  return <Dashboard />;
}
