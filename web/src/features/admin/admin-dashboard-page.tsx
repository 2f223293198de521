// Placeholder: the admin web engineer replaces this page.
export default function AdminDashboardPage() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
    </main>
  );
}
