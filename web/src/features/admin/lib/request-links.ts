/** The admin's page of a quote request (the quotes tab opens it: ?tab=quotes&quote=42). */
export function requestPath(id: string): string {
  return `/admin?tab=quotes&quote=${encodeURIComponent(id)}`;
}

/** "#42" for a request number, whether or not the server sent the #. */
export function requestLabel(number: string): string {
  return number.startsWith('#') ? number : `#${number}`;
}
