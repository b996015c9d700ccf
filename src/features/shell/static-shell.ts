/**
 * The app shell (the PWA app-shell model): before the app's code has loaded and the session is known,
 * a page shows its frame and, when it is known here, its title, from the templates in index.html, with
 * a loading spinner where the content will go. It goes away the moment the app draws into #root. Plain
 * DOM only: this runs before React.
 */

/** The headings of the pages most opened directly (their PageHeader or AuthLayout title). */
export const SHELL_TITLES: Record<string, [title: string, subtitle: string]> = {
  '/login': ['Welcome back', 'Sign in to your account'],
  '/register': ['Create your account', 'Start promoting creator profiles in minutes'],
  '/dashboard': ['Campaign Dashboard', 'An overview of your promotion campaigns'],
  '/campaigns': ['Your Campaigns', 'Manage every campaign you have started'],
  '/transactions': ['Transactions', 'Your crypto deposits and their status'],
  '/notifications': ['Notifications', 'Updates about your campaigns and deposits'],
};

/** The sign-in pages (the centred card) and the signed-in pages (top bar and sidebar), spec §2. */
const AUTH_PAGES = /^\/($|login|register|forgot-password|reset-password\/|account\/verification\/)/;
const APP_PAGES =
  /^\/(dashboard|create-campaign|campaigns|campaign-history|topup-balance|transactions|statement|notifications|support|account|analytics\/)/;

/** Which template of index.html shows `pathname`: a frame, or the spinner alone (other pages). */
export function shellTemplateId(pathname: string): string {
  if (AUTH_PAGES.test(pathname)) return 'shell-auth';
  return APP_PAGES.test(pathname) ? 'shell-app' : 'shell-loading';
}

/**
 * Shows the shell of `pathname` in `shell`, and removes it once the app has drawn into `root`.
 */
export function showStaticShell(pathname: string, shell: HTMLElement, root: HTMLElement): void {
  const template = document.getElementById(shellTemplateId(pathname));
  if (!(template instanceof HTMLTemplateElement)) return;
  const frame = template.content.cloneNode(true) as DocumentFragment;
  const title = SHELL_TITLES[pathname.replace(/(.)\/+$/, '$1')];
  if (title) {
    frame.querySelector('h1')!.textContent = title[0];
    frame.querySelector('p')!.textContent = title[1];
  } else {
    for (const heading of frame.querySelectorAll('[data-heading]')) heading.remove();
  }
  shell.append(frame);
  new MutationObserver((_changes, observer) => {
    observer.disconnect();
    shell.replaceChildren();
  }).observe(root, { childList: true });
}
