/** Spec section 4: lower-case, whitespace runs to hyphens, drop everything but a-z, 0-9 and hyphen. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}
