/**
 * Accessible tabs (WAI-ARIA tabs pattern): a `tablist` of buttons, one
 * `tabpanel` each; Left/Right/Home/End move between tabs. A click or key
 * calls `onPick` (the router, which adds a history entry and then calls
 * `show`); the tabs themselves never touch the URL.
 */
import { el } from './dom.ts';

export interface TabSpec {
  readonly id: string;
  readonly label: string;
  readonly panel: HTMLElement;
}

export interface Tabs {
  readonly bar: HTMLElement;
  /** Shows one tab's panel (an unknown id shows the first), focusing its tab when asked. */
  show(id: string, focus?: boolean): void;
}

/**
 * Builds the tab bar and wires the panels; shows the first tab until told otherwise. `RangeError` on no tabs.
 *
 * @example
 * const tabs = createTabs([{ id: 'ask', label: 'Ask', panel: askPanel }], (id) => router.go(id));
 * header.append(tabs.bar);
 */
export function createTabs(specs: readonly TabSpec[], onPick: (id: string, focus: boolean) => void): Tabs {
  if (specs.length === 0) throw new RangeError('createTabs: no tabs to show; pass at least one TabSpec');
  const buttons = specs.map((s) => {
    s.panel.id = `panel-${s.id}`;
    s.panel.setAttribute('role', 'tabpanel');
    s.panel.setAttribute('aria-labelledby', `tab-${s.id}`);
    return el('button', { type: 'button', role: 'tab', id: `tab-${s.id}`, 'aria-controls': `panel-${s.id}` }, s.label);
  });
  const show = (id: string, focus = false): void => {
    const at = Math.max(
      0,
      specs.findIndex((s) => s.id === id),
    );
    specs.forEach((s, i) => {
      const on = i === at;
      buttons[i]!.setAttribute('aria-selected', String(on));
      buttons[i]!.tabIndex = on ? 0 : -1;
      s.panel.hidden = !on;
    });
    if (focus) buttons[at]!.focus();
  };
  buttons.forEach((b, i) => {
    b.addEventListener('click', () => onPick(specs[i]!.id, false));
    b.addEventListener('keydown', (e) => {
      const k = (e as KeyboardEvent).key;
      const to =
        k === 'ArrowRight'
          ? (i + 1) % specs.length
          : k === 'ArrowLeft'
            ? (i - 1 + specs.length) % specs.length
            : k === 'Home'
              ? 0
              : k === 'End'
                ? specs.length - 1
                : -1;
      if (to >= 0) {
        e.preventDefault();
        onPick(specs[to]!.id, true);
      }
    });
  });
  const bar = el('div', { role: 'tablist', 'aria-label': 'Sections', class: 'tabs' }, ...buttons);
  show(specs[0]!.id);
  return { bar, show };
}
