/** The quote detail's query key prefix (the detail is read by the quote loop's useQuoteDetail): invalidated after a status change. */
export const quoteRequestDetailsKey = ['quote-requests', 'detail'] as const;
