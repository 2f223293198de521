import { describe, expect, test } from 'vitest';
import { revisionRequestedMail } from './revision-requested';
import { buildOffer, buildQuote, site } from './test/fixtures';

describe('revision requested (to the reseller)', () => {
  test('quotes the buyer’s request for the version', () => {
    const mail = revisionRequestedMail({ site, quote: buildQuote(), offer: buildOffer({ version: 3 }), message: 'Can the bolts be zinc?' });
    expect(mail.subject).toBe('Quote request #42: revision of version 3 requested');
    expect(mail.text).toBe(
      ['Ada Lovelace asks for a revision of version 3:', '', 'Can the bolts be zinc?', '', 'Open it: https://parts.example/admin?tab=quotes&quote=42'].join(
        '\n',
      ),
    );
  });
});
