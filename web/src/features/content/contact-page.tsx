import { SITE_CONTACT } from '../../components/layout/site-contact';
import { ContentPage } from './components/content-page';

export default function ContactPage() {
  return (
    <ContentPage title="Contact Us">
      <p>Questions about a part, a quote or an order? Our team is here Monday-Friday 8:00 AM-5:00 PM EST.</p>
      <h2>Sales and general enquiries</h2>
      <address className="grid gap-1 not-italic">
        {SITE_CONTACT.addressLines.map((line) => (
          <span key={line}>{line}</span>
        ))}
        <span>Phone: {SITE_CONTACT.phone}</span>
        <span>
          Email:{' '}
          <a className="text-blue-700 underline underline-offset-2" href={`mailto:${SITE_CONTACT.email}`}>
            {SITE_CONTACT.email}
          </a>
        </span>
      </address>
      <h2>Technical support</h2>
      <p>
        Hotline {SITE_CONTACT.supportHotline}, email{' '}
        <a className="text-blue-700 underline underline-offset-2" href={`mailto:${SITE_CONTACT.supportEmail}`}>
          {SITE_CONTACT.supportEmail}
        </a>
        . After-hours emergencies: {SITE_CONTACT.emergencyLine} (additional fees may apply).
      </p>
    </ContentPage>
  );
}
