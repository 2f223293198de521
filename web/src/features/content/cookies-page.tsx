import { QUOTE_STORAGE_KEY } from '@parts/shared/constants';
import { ContentPage } from './components/content-page';

export default function CookiesPage() {
  return (
    <ContentPage title="Cookie Policy">
      <p>We use only what the site needs to work; there are no advertising or tracking cookies.</p>
      <h2>Session cookie</h2>
      <p>When you log in, a secure, HTTP-only cookie keeps you signed in. It is removed when you log out.</p>
      <h2>Local storage</h2>
      <p>
        Your quote basket is kept in your browser&apos;s local storage (under &quot;{QUOTE_STORAGE_KEY}&quot;) so it survives a reload. Clearing your browser
        data removes it.
      </p>
    </ContentPage>
  );
}
