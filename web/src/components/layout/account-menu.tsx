import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { User as UserIcon } from '../ui/icons';
import { useNavigate } from 'react-router-dom';
import { buttonVariants } from '../ui/button';
import { ACCOUNT_LINKS } from './account-links';

export interface AccountMenuProps {
  username: string;
  isAdmin: boolean;
  onLogout: () => void;
}

const itemClass = 'cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100';

/** The signed-in user's menu in the header (its own chunk: an anonymous first visit never shows it). */
export function AccountMenu({ username, isAdmin, onLogout }: AccountMenuProps) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonVariants({ variant: 'ghost', size: 'sm' })} aria-label={`Account menu for ${username}`}>
        <UserIcon className="h-4 w-4" aria-hidden />
        <span>{username}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-md">
          {isAdmin ? (
            <DropdownMenu.Item onSelect={() => void navigate('/admin')} className={itemClass}>
              Admin Dashboard
            </DropdownMenu.Item>
          ) : null}
          {ACCOUNT_LINKS.map((link) => (
            <DropdownMenu.Item key={link.to} onSelect={() => void navigate(link.to)} className={itemClass}>
              {link.label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item onSelect={onLogout} className={itemClass}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
