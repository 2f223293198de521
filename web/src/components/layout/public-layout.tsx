import { Footer } from './footer';
import { Header } from './header';
import { DeferredQuoteDrawer } from './deferred-quote-drawer';
import { KeptOutlet } from './kept-outlet';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <KeptOutlet />
      </main>
      <Footer />
      <DeferredQuoteDrawer />
    </div>
  );
}
