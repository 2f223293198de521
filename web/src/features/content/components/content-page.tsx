import type { ReactNode } from 'react';
import { SITE_NAME } from '@parts/shared/constants';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function ContentPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} | ${SITE_NAME}`);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: title }]} />
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="mt-6 grid gap-4 leading-relaxed text-slate-700 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900">{children}</div>
    </div>
  );
}
