/** The top navigation of spec section 2: Home, About, Engineers, FAQ, Request, View (the spec's Login). */
export const NAV_ITEMS = [
  { to: '/home/landing', key: 'nav.home' },
  { to: '/home/about', key: 'nav.about' },
  { to: '/home/engineers', key: 'nav.engineers' },
  { to: '/home/faq', key: 'nav.faq' },
  { to: '/home/request', key: 'nav.request' },
  { to: '/home/login', key: 'nav.view' },
] as const;
