// Placeholder: the admin web engineer replaces this page.
export default function AdminLoginPage() {
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold">Admin Control Panel</h1>
      <p className="text-slate-600">Secure access for administrators only</p>
    </main>
  );
}
