export default function SupportPage() {
  return <div className="mx-auto max-w-7xl px-4 py-8"><h1 className="text-2xl font-bold">Technical Support & Resources</h1></div>;
}
