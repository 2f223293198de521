import { useRef } from 'react';

/**
 * Radix returns focus on close only to its own Trigger; our dialogs are opened by plain buttons
 * (table rows, the header, the listing), so remember what had focus when the dialog opened and
 * give it back on close, as long as that control is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
