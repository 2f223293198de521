import { Link } from 'react-router-dom';
import { formatQuantity } from '@parts/shared/numbers/display';
import type { QuoteRequestDetail } from '@parts/shared/quote-offers';
import { AttachmentLinks } from '../../../components/attachment-links';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatDate, formatUnitPrice } from '../../../lib/format';

/** The lines the buyer asked for, with their own details and drawings (download links). */
export function RequestedItems({ request }: { request: QuoteRequestDetail }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Part</TableHead>
          <TableHead className="text-right">Quantity</TableHead>
          <TableHead>Your details</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {request.items.map((item) => (
          <TableRow key={item.id} data-testid="quote-line">
            {/* Long names and unbroken part numbers wrap instead of widening the page (ADR 052). */}
            <TableCell className="[overflow-wrap:anywhere]">
              <div className="font-mono text-xs">{item.part?.partNumber ?? item.freeText?.partNumber ?? '—'}</div>
              {item.part ? (
                item.part.slug ? (
                  <Link to={`/part/${item.part.slug}`} className="hover:underline">
                    {item.part.name}
                  </Link>
                ) : (
                  item.part.name
                )
              ) : (
                <span>
                  <Badge variant="yellow" className="mr-1">
                    Not in catalogue
                  </Badge>
                  {[item.freeText?.manufacturer, item.freeText?.description].filter(Boolean).join(' · ')}
                </span>
              )}
            </TableCell>
            <TableCell className="text-right">{formatQuantity(item.quantity)}</TableCell>
            <TableCell className="text-xs text-slate-700">
              {[
                item.reference ? `Ref. ${item.reference}` : null,
                item.targetPrice !== undefined ? `Target ${formatUnitPrice(item.targetPrice)}` : null,
                item.neededBy ? `Needed by ${formatDate(item.neededBy)}` : null,
                item.note ?? null,
              ]
                .filter(Boolean)
                .join(' · ') || (item.attachments?.length ? null : '—')}
              {item.attachments?.length ? (
                <div className="mt-1">
                  <AttachmentLinks attachments={item.attachments} label={`Files for line ${item.id}`} />
                </div>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The buyer's own message and request attachments, as they sent them; nothing when they sent neither. */
export function YourRequest({ request }: { request: QuoteRequestDetail }) {
  if (!request.message && request.attachments.length === 0) return null;
  return (
    <Card data-testid="your-request">
      <CardHeader>
        <CardTitle>Your Message and Files</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {request.message ? <p className="whitespace-pre-wrap text-sm text-slate-800 [overflow-wrap:anywhere]">{request.message}</p> : null}
        {request.attachments.length > 0 ? <AttachmentLinks attachments={request.attachments} label="Your attachments" /> : null}
      </CardContent>
    </Card>
  );
}
