import type { JSX, SVGProps } from 'react';
import type { IconNode } from 'lucide';
import {
  AlertTriangle as alertTriangle,
  ArrowDown as arrowDown,
  ArrowRight as arrowRight,
  ArrowUp as arrowUp,
  ArrowUpDown as arrowUpDown,
  Ban as ban,
  BookOpen as bookOpen,
  Check as check,
  CheckCircle2 as checkCircle2,
  ChevronDown as chevronDown,
  ChevronLeft as chevronLeft,
  ChevronRight as chevronRight,
  ClipboardList as clipboardList,
  ClipboardPlus as clipboardPlus,
  Clock as clock,
  Download as download,
  Eye as eye,
  Factory as factory,
  FileText as fileText,
  Folder as folder,
  FolderOpen as folderOpen,
  LayoutGrid as layoutGrid,
  List as list,
  ListChecks as listChecks,
  Loader2 as loader2,
  Lock as lock,
  LogOut as logOut,
  Mail as mail,
  MailCheck as mailCheck,
  Menu as menu,
  Package as packageIcon,
  Paperclip as paperclip,
  Pencil as pencil,
  Phone as phone,
  PhoneCall as phoneCall,
  Plus as plus,
  RotateCcw as rotateCcw,
  RotateCw as rotateCw,
  Search as search,
  ShieldCheck as shieldCheck,
  SlidersHorizontal as slidersHorizontal,
  Store as store,
  Trash2 as trash2,
  Upload as upload,
  User as user,
  Video as video,
  Wrench as wrench,
  X as x,
} from 'lucide';

/**
 * The site's icons: Lucide's drawings (the `lucide` package's nodes) as one `<svg>` element each, its shapes given as
 * markup. lucide-react builds the same SVG as React elements on every render — its attribute merging and one element
 * per path were a tenth of `/catalog`'s server render (bench:render, issue 34); here React writes one element and the
 * shapes are a string made once per icon. The SVG is lucide-react's to the byte (its attributes, `lucide lucide-<name>`
 * classes and aria-hidden), so the page looks the same.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'>;
export type Icon = (props: IconProps) => JSX.Element;

/** An attribute value as HTML wants it inside double quotes. */
const attribute = (value: string | number) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function markup(node: IconNode): string {
  return node
    .map(([tag, attrs]) => {
      const written = Object.entries(attrs)
        .flatMap(([name, value]) => (value === undefined ? [] : [` ${name}="${attribute(value)}"`]))
        .join('');
      return `<${tag}${written}></${tag}>`;
    })
    .join('');
}

/** As lucide-react: an icon is hidden from assistive technology unless it is given a name or a role. */
function labelled(props: IconProps): boolean {
  for (const name in props) {
    if ((name.startsWith('aria-') || name === 'role' || name === 'title') && props[name as keyof IconProps] != null) return true;
  }
  return false;
}

/** `names`: the icon's name and its aliases, as lucide-react writes them in its classes (`lucide-<name>`). */
function icon(node: IconNode, ...names: string[]): Icon {
  const shapes = { __html: markup(node) };
  const classes = ['lucide', ...names.map((name) => `lucide-${name}`)].join(' ');
  function LucideIcon({ className, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${classes} ${className}` : classes}
        aria-hidden={labelled(props) ? undefined : 'true'}
        {...props}
        dangerouslySetInnerHTML={shapes}
      />
    );
  }
  return LucideIcon;
}

export const AlertTriangle = icon(alertTriangle, 'triangle-exclamation-point', 'alert-triangle', 'triangle-alert');
export const ArrowDown = icon(arrowDown, 'arrow-down');
export const ArrowRight = icon(arrowRight, 'arrow-right');
export const ArrowUp = icon(arrowUp, 'arrow-up');
export const ArrowUpDown = icon(arrowUpDown, 'arrow-up-down');
export const Ban = icon(ban, 'ban');
export const BookOpen = icon(bookOpen, 'book-open');
export const Check = icon(check, 'check');
export const CheckCircle2 = icon(checkCircle2, 'circle-check', 'check-circle-2');
export const ChevronDown = icon(chevronDown, 'chevron-down');
export const ChevronLeft = icon(chevronLeft, 'chevron-left');
export const ChevronRight = icon(chevronRight, 'chevron-right');
export const ClipboardList = icon(clipboardList, 'clipboard-list');
export const ClipboardPlus = icon(clipboardPlus, 'clipboard-plus');
export const Clock = icon(clock, 'clock');
export const Download = icon(download, 'download');
export const Eye = icon(eye, 'eye');
export const Factory = icon(factory, 'factory');
export const FileText = icon(fileText, 'file-text');
export const Folder = icon(folder, 'folder');
export const FolderOpen = icon(folderOpen, 'folder-open');
export const LayoutGrid = icon(layoutGrid, 'layout-grid');
export const List = icon(list, 'list');
export const ListChecks = icon(listChecks, 'list-checks');
export const Loader2 = icon(loader2, 'loader-circle', 'loader-2');
export const Lock = icon(lock, 'lock');
export const LogOut = icon(logOut, 'log-out');
export const Mail = icon(mail, 'mail');
export const MailCheck = icon(mailCheck, 'mail-check');
export const Menu = icon(menu, 'menu');
export const Package = icon(packageIcon, 'package');
export const Paperclip = icon(paperclip, 'paperclip');
export const Pencil = icon(pencil, 'pencil');
export const Phone = icon(phone, 'phone');
export const PhoneCall = icon(phoneCall, 'phone-call');
export const Plus = icon(plus, 'plus');
export const RotateCcw = icon(rotateCcw, 'rotate-ccw');
export const RotateCw = icon(rotateCw, 'rotate-cw');
export const Search = icon(search, 'search');
export const ShieldCheck = icon(shieldCheck, 'shield-check');
export const SlidersHorizontal = icon(slidersHorizontal, 'sliders-horizontal');
export const Store = icon(store, 'store');
export const Trash2 = icon(trash2, 'trash', 'trash-2');
export const Upload = icon(upload, 'upload');
export const User = icon(user, 'user');
export const Video = icon(video, 'video');
export const Wrench = icon(wrench, 'wrench');
export const X = icon(x, 'x');
