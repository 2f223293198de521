/**
 * Part numbers are compared normalised: case-insensitive, punctuation and spaces ignored,
 * so `6es7 214-1ag40` matches `6ES7214-1AG40-0XB0`.
 */
export function normalizePartNumber(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}
