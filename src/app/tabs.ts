/**
 * Accessible tabs (WAI-ARIA tabs pattern): a `tablist` of buttons, one
 * `tabpanel` each; Left/Right/Home/End move between tabs, and the URL hash
 * (`#ask`, `#evaluate` …) remembers the choice.
 */
import { el } from './dom.ts';

export interface TabSpec {
  readonly id: string;
  readonly label: string;
  readonly panel: HTMLElement;
}

/**
 * Builds the tab bar and wires the panels; returns the bar and a `select(id)`.
 *
 * @example
 * const tabs = createTabs([{ id: 'ask', label: 'Ask', panel: askPanel }]);
 * header.append(tabs.bar);
 */
export function createTabs(specs: readonly TabSpec[], onSelect?: (id: string) => void): { bar: HTMLElement; select(id: string): void } {
  const buttons = specs.map((s) => {
    s.panel.id = `panel-${s.id}`;
    s.panel.setAttribute('role', 'tabpanel');
    s.panel.setAttribute('aria-labelledby', `tab-${s.id}`);
    return el('button', { type: 'button', role: 'tab', id: `tab-${s.id}`, 'aria-controls': `panel-${s.id}` }, s.label);
  });
  const select = (id: string, focus = false): void => {
    const at = Math.max(0, specs.findIndex((s) => s.id === id));
    specs.forEach((s, i) => {
      const on = i === at;
      buttons[i].setAttribute('aria-selected', String(on));
      buttons[i].tabIndex = on ? 0 : -1;
      s.panel.hidden = !on;
    });
    if (focus) buttons[at].focus();
    if (location.hash !== `#${specs[at].id}`) history.replaceState(null, '', `#${specs[at].id}`);
    onSelect?.(specs[at].id);
  };
  buttons.forEach((b, i) => {
    b.addEventListener('click', () => select(specs[i].id));
    b.addEventListener('keydown', (e) => {
      const k = (e as KeyboardEvent).key;
      const to = k === 'ArrowRight' ? (i + 1) % specs.length : k === 'ArrowLeft' ? (i - 1 + specs.length) % specs.length : k === 'Home' ? 0 : k === 'End' ? specs.length - 1 : -1;
      if (to >= 0) {
        e.preventDefault();
        select(specs[to].id, true);
      }
    });
  });
  const bar = el('div', { role: 'tablist', 'aria-label': 'Sections', class: 'tabs' }, ...buttons);
  select(location.hash.slice(1) || specs[0].id);
  return { bar, select: (id) => select(id) };
}
