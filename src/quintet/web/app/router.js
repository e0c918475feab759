// The current address as a signal, and navigation without a page load.
import { signal } from '@preact/signals';

export const path = signal(location.pathname);

/** Go to a front-end address without reloading the page. */
export function navigate(to, { replace = false } = {}) {
  if (to === location.pathname) return;
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  path.value = location.pathname;
  window.scrollTo(0, 0);
}
window.addEventListener('popstate', () => {
  path.value = location.pathname;
});

// Plain links inside the app navigate without a reload (modifier keys keep their meaning).
document.addEventListener('click', (event) => {
  const link = event.target.closest?.('a[data-nav]');
  if (!link || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(link.getAttribute('href'));
});
