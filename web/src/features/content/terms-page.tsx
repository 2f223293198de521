import { SITE_NAME } from '@parts/shared/constants';
import { ContentPage } from './components/content-page';

export default function TermsPage() {
  return (
    <ContentPage title="Terms of Service">
      <p>By using this site you agree to these terms.</p>
      <h2>Products</h2>
      <p>
        All goods are new and surplus. {SITE_NAME} is not an authorised distributor of the manufacturers listed. Prices are subject to change, pictures are
        illustrative and all units are subject to prior sale.
      </p>
      <h2>Warranty</h2>
      <p>Parts carry a 1-year warranty provided by {SITE_NAME}, not by the manufacturer.</p>
      <h2>Quotes</h2>
      <p>A quote is an offer valid for the period it states; an order is confirmed only when we accept it in writing.</p>
    </ContentPage>
  );
}
