/**
 * The one way the UI builds elements: `el(tag, props, ...children)`, where
 * every string child becomes a text node. Nothing here (or anywhere in the
 * app) assigns `innerHTML`, so database values, SQL and file names can never
 * become markup.
 */

/** Attributes and properties for {@link el}; `on*` functions become listeners. */
export type Props = {
  readonly [name: string]: string | number | boolean | null | undefined | ((event: Event) => void);
};

export type Child = Node | string | number | null | undefined | false;

/**
 * Creates an element. Attributes with `false`, `null` or `undefined` are left
 * out, `true` sets an empty attribute; `onclick: fn` adds a listener.
 *
 * @example
 * el('button', { type: 'button', onclick: run, 'aria-label': 'Run query' }, 'Run');
 * el('td', {}, '<img src=x onerror=alert(1)>'); // shows the text, makes no img
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') node.addEventListener(name.slice(2), value as EventListener);
    else if (value === true) node.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  append(node, ...children);
  return node;
}

/**
 * Appends children, strings and numbers as text.
 *
 * @example append(list, el('li', {}, 'one'), 'loose text');
 */
export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/**
 * Replaces all children of `parent`.
 *
 * @example replace(panel, el('p', {}, 'Nothing yet.'));
 */
export function replace(parent: Node, ...children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, ...children);
}

/** A short unique id for label/aria wiring (`for`, `aria-describedby`). */
let counter = 0;
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}
