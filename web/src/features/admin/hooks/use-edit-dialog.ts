import { useState } from 'react';

/** Open/closed state of a create-or-edit dialog; closing forgets the edited item so New starts empty. */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; item?: T }>({ open: false });
  return {
    open: state.open,
    item: state.item,
    openNew: () => setState({ open: true }),
    edit: (item: T) => setState({ open: true, item }),
    onOpenChange: (open: boolean) => setState((s) => (open ? { ...s, open } : { open: false })),
  };
}
