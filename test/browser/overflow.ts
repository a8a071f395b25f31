/**
 * What "nothing clipped" means, checked in the page: every visible element
 * of the main column (and the schema panel) is read from its own layout, and
 * these are problems:
 * - the page scrolls sideways;
 * - an element sticks out of its parent's box sideways, unless the parent
 *   scrolls (a wide result scrolls inside its own box, by design);
 * - an element hides its overflow (overflow hidden or clip) and its content
 *   is wider than it (cut text), unless it says so with an ellipsis, is
 *   visually hidden on purpose, or is a form field (whose text scrolls);
 * - in a plot, a text lies outside its SVG (a cut axis label), or two flat
 *   texts overlap (point labels over each other or over tick labels);
 * - a competing-answer card's table is wider than the card (columns cut).
 * Each problem comes back as one line naming the element.
 */
import type { Page } from 'playwright-core';

/**
 * The problems on the page now (empty when nothing is clipped).
 *
 * @example expect(await overflowProblems(page)).toEqual([]);
 */
export function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(IN_PAGE) as Promise<string[]>;
}

/** The check, as plain JavaScript run in the page (no compiled helpers can reach it there). */
const IN_PAGE = `(() => {
    const problems = [];
    const name = (e) => {
      const cls = typeof e.className === 'string' && e.className !== '' ? \`.\${e.className.trim().split(/\\s+/).join('.')}\` : '';
      const text = (e.textContent ?? '').trim().replace(/\\s+/g, ' ').slice(0, 40);
      return \`\${e.tagName.toLowerCase()}\${e.id === '' ? '' : \`#\${e.id}\`}\${cls} "\${text}"\`;
    };
    const shown = (e) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return false;
      const s = getComputedStyle(e);
      return s.visibility !== 'hidden' && s.display !== 'contents' && e.closest('.visually-hidden, [hidden], .skip-link') === null;
    };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(\`the page scrolls sideways by \${root.scrollWidth - root.clientWidth} px\`);
    const scrolls = (s) => s.overflowX === 'auto' || s.overflowX === 'scroll';
    for (const e of document.querySelectorAll('#app *')) {
      if (e instanceof SVGElement && !(e instanceof SVGSVGElement)) continue; // a plot's insides: checked below
      if (!shown(e)) continue;
      const s = getComputedStyle(e);
      if (s.position === 'absolute' || s.position === 'fixed') continue;
      const parent = e.parentElement;
      if (parent !== null && shown(parent)) {
        const ps = getComputedStyle(parent);
        const p = parent.getBoundingClientRect();
        const r = e.getBoundingClientRect();
        const out = Math.max(r.right - p.right, p.left - r.left);
        if (!scrolls(ps) && ps.display !== 'inline' && out > 1) problems.push(\`\${name(e)} sticks out of \${name(parent)} by \${Math.round(out)} px\`);
      }
      const hides = (s.overflowX === 'hidden' || s.overflowX === 'clip') && !['INPUT', 'TEXTAREA', 'SELECT'].includes(e.tagName);
      if (hides && s.textOverflow !== 'ellipsis' && e.scrollWidth > e.clientWidth + 1) problems.push(\`\${name(e)} cuts its content (\${e.scrollWidth} px in \${e.clientWidth} px)\`);
    }
    for (const svg of document.querySelectorAll('#app svg')) {
      if (!shown(svg) || svg.closest('.cm-editor') !== null) continue;
      const box = svg.getBoundingClientRect();
      const texts = [...svg.querySelectorAll('text')].filter((t) => (t.textContent ?? '').trim() !== '' && shown(t));
      for (const t of texts) {
        const r = t.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) problems.push(\`plot text "\${t.textContent}" is cut at the plot's edge\`);
      }
      const flat = texts.filter((t) => !/rotate/.test(\`\${t.getAttribute('transform') ?? ''} \${t.parentElement?.getAttribute('transform') ?? ''}\`));
      for (let i = 0; i < flat.length; i++) {
        for (let j = i + 1; j < flat.length; j++) {
          const a = flat[i].getBoundingClientRect();
          const b = flat[j].getBoundingClientRect();
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 1 && h > 1) problems.push(\`plot texts "\${flat[i].textContent}" and "\${flat[j].textContent}" overlap\`);
        }
      }
    }
    for (const box of document.querySelectorAll('.alternative .table-scroll')) {
      if (shown(box) && box.scrollWidth > box.clientWidth + 1) problems.push(\`a competing answer's table is cut (\${box.scrollWidth} px in a \${box.clientWidth} px card)\`);
    }
    return problems;
})()`;
