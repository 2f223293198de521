/**
 * The signed-in buyer's own pages, in the order both menus list them: the desktop account menu and the
 * phone's menu take them from here, so neither can miss one (issue 26: the phone menu lacked "E-mail Address").
 */
export const ACCOUNT_LINKS = [
  { to: '/account/quotes', label: 'My Quote Requests' },
  { to: '/account/verify-email', label: 'E-mail Address' },
] as const;
