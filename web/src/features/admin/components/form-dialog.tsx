import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancel: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  title: string;
  description: string;
  submitLabel: string;
  busyLabel?: string;
  className?: string;
  children: ReactNode;
}

/** An admin form in a dialog: title, description, the fields, then Cancel and the submit button. */
export function FormDialog({
  open,
  onOpenChange,
  onCancel,
  onSubmit,
  isSubmitting,
  title,
  description,
  submitLabel,
  busyLabel = 'Saving...',
  className,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {children}
          <DialogFooter>
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? busyLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
