import { SITE_CONTACT } from '../../components/layout/site-contact';
import { ContentPage } from './components/content-page';

export default function PrivacyPage() {
  return (
    <ContentPage title="Privacy Policy">
      <p>We collect only what we need to answer your quote requests and run your account.</p>
      <h2>What we collect</h2>
      <p>Your account details (username, optional e-mail and name), the contents of your quote requests and the files you attach to them.</p>
      <h2>How we use it</h2>
      <p>To prepare quotes, contact you about them and keep records of our business. We do not sell your data.</p>
      <h2>Your rights</h2>
      <p>You may ask for a copy of your data or for its deletion by writing to {SITE_CONTACT.email}.</p>
    </ContentPage>
  );
}
