import { slugify } from '@parts/shared/slugify';

/**
 * Spec section 4: typing the name fills an empty slug. In a create dialog the slug keeps following the
 * name until the admin edits it by hand (otherwise only the first letter would ever be used); an edit
 * dialog never rewrites an existing slug, so published URLs stay put.
 */
export function autoSlug({ slug, previousName, name, editing }: { slug: string; previousName: string; name: string; editing: boolean }): string | null {
  if (slug === '' || (!editing && slug === slugify(previousName))) return slugify(name);
  return null;
}
