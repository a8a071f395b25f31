/**
 * The page's entry: starts the app (app.ts) so that nothing it reads can
 * leave a blank page. Opened as `#safe`, it first sets aside what this
 * browser keeps for Confide (safe-mode.ts). If the start still fails, a
 * start-up screen says so in words (no stack trace) and offers "Start in
 * safe mode", which needs no clearing of site data.
 */
import { el, replace } from './ui/dom.ts';
import { enterSafeMode, SAFE_MODE_HASH } from './safe-mode.ts';
import { noteSetAside } from './startup-notices.ts';
import { pageStorage } from './stored.ts';
import './styles.css';

const root = document.getElementById('app')!;

/** The start-up error screen. */
function startupError(e: unknown): void {
  const why = e instanceof Error ? e.message : String(e);
  replace(
    root,
    el(
      'div',
      { class: 'startup-error', role: 'alert', id: 'startup-error' },
      el('h2', {}, 'Confide could not start'),
      el('p', {}, `Something this browser keeps for Confide, or the page itself, stopped the start: ${why.length > 300 ? `${why.slice(0, 300)}…` : why}`),
      el(
        'p',
        {},
        'Safe mode sets aside the settings, profiles and models this browser keeps for Confide (they are moved, not deleted) and starts afresh; your files are not touched.',
      ),
      el(
        'button',
        {
          type: 'button',
          id: 'start-safe-mode',
          onclick: () => {
            location.hash = SAFE_MODE_HASH;
            location.reload();
          },
        },
        'Start in safe mode',
      ),
    ),
  );
}

try {
  if (location.hash === SAFE_MODE_HASH) {
    const moved = await enterSafeMode([pageStorage('local'), pageStorage('session')]);
    history.replaceState(null, '', location.pathname + location.search);
    noteSetAside(
      moved.length === 0
        ? 'Safe mode: nothing was stored, so nothing was set aside.'
        : `Safe mode: ${moved.length} stored setting${moved.length === 1 ? '' : 's'} and record${moved.length === 1 ? '' : 's'} were set aside (kept under confide.set-aside.*, not deleted), and the page started as on a first visit.`,
    );
  }
  await import('./app.ts');
} catch (e) {
  console.error(e);
  startupError(e);
}
