import { Activity, useContext, useState, type ContextType, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useMatches, useOutlet } from 'react-router-dom';

/** The listings (route ids in router.tsx): the page a reader goes back to most, and the costliest to draw again. */
const KEPT_ROUTES = new Set(['catalog', 'category', 'manufacturer']);

interface KeptListing {
  /** The listing's route and path: another listing (another category, a manufacturer) is another page. */
  key: string;
  outlet: ReactNode;
  /** The location the listing was last shown at: a hidden listing keeps reading it, not the page on screen. */
  location: ContextType<typeof LocationContext>;
}

/**
 * The router's outlet, with the last listing kept mounted but hidden (React's <Activity>) while another page is on
 * screen, so going back to it only shows it again: no render, no new DOM (issue 34's repeat view, ADR 148). The
 * hidden listing runs no effects and reads the location it was left at (its filters stay its own); it stays after
 * the page on screen in the document. A listing of another path replaces it.
 */
export function KeptOutlet() {
  const outlet = useOutlet();
  const location = useContext(LocationContext);
  const leaf = useMatches().at(-1);
  const listingKey = leaf?.id && KEPT_ROUTES.has(leaf.id) ? `${leaf.id}:${location.location.pathname}` : undefined;
  const [kept, setKept] = useState<KeptListing | undefined>(undefined);
  // The listing on screen is remembered as it was drawn for its history entry (React's "state from the previous
  // render"). Back on that entry, the remembered element and location are shown as they were: React has nothing to
  // render again, only the listing's effects to run.
  const sameEntry = !!listingKey && kept?.key === listingKey && kept.location.location.key === location.location.key;
  if (listingKey && !sameEntry) setKept({ key: listingKey, outlet, location });

  const entries: ReactNode[] = [];
  if (!listingKey) entries.push(<Slot key="page" mode="visible" location={location} outlet={outlet} />);
  if (listingKey) {
    const shown = sameEntry ? kept : { outlet, location };
    entries.push(<Slot key={listingKey} mode="visible" location={shown.location} outlet={shown.outlet} />);
  } else if (kept) entries.push(<Slot key={kept.key} mode="hidden" location={kept.location} outlet={kept.outlet} />);
  return entries;
}

/** One page: the same element tree whether shown or hidden, so hiding and showing it keeps its state. */
function Slot({ mode, location, outlet }: { mode: 'visible' | 'hidden'; location: KeptListing['location']; outlet: ReactNode }) {
  return (
    <Activity mode={mode}>
      <LocationContext.Provider value={location}>{outlet}</LocationContext.Provider>
    </Activity>
  );
}
