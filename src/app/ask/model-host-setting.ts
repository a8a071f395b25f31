/**
 * The model host setting: where model files come from, set in the page,
 * checked (`checkModelHost`), remembered in localStorage, and applied by a
 * reload, since the page's Content-Security-Policy is written at load
 * (src/app/csp.ts) and allows exactly that host. The setting says which
 * hosts the policy in force allows.
 */
import { currentConnectPolicy } from '../csp.ts';
import { MODEL_HOST_KEY, buildTimeModelBase, checkModelHost } from '../../engines/llm/index.ts';
import { el, replace } from '../ui/dom.ts';
import { readStored } from '../stored.ts';

export interface ModelHostSetting {
  readonly element: HTMLElement;
  /** The model base in force: the person's host, else the build's (undefined: upstream). */
  base(): string | undefined;
  /** Where the files come from, in words ("127.0.0.1:8080 (the model host you set)"). */
  describe(): string;
}

/** The person's stored host, when it is still valid; one this version refuses is set aside with a notice. */
function stored(storage: Storage): string | undefined {
  return (
    readStored(storage, MODEL_HOST_KEY, 'your model host setting', (raw) => {
      const c = checkModelHost(raw);
      return c.ok ? { ok: true, value: c.base } : { ok: false, why: c.message };
    }) ?? undefined
  );
}

/**
 * The setting's view.
 *
 * @example const host = modelHostSetting(localStorage, () => location.reload());
 */
export function modelHostSetting(storage: Storage, reload: () => void): ModelHostSetting {
  const mine = stored(storage);
  const input = el('input', {
    type: 'url',
    id: 'model-host',
    value: mine ?? '',
    placeholder: 'https://models.example.org/confide/',
    spellcheck: false,
    'aria-describedby': 'model-host-policy',
  });
  const message = el('p', { class: 'model-host-message', 'aria-live': 'polite' });
  const save = el('button', { type: 'button', id: 'model-host-save' }, 'Save and reload');
  const reset = el('button', { type: 'button', id: 'model-host-reset', hidden: mine === undefined }, 'Use the default hosts');
  const policy = currentConnectPolicy(document);
  const built = buildTimeModelBase();
  const defaults = built ?? 'Hugging Face (weights) and GitHub (model libraries)';
  const policyText =
    policy === null
      ? 'This page carries no security policy (a development server): it may fetch from any host.'
      : policy.chosen !== ''
        ? `This page's security policy allows model downloads from ${policy.chosen} (the model host you set) and from no other host; saving another host reloads the page so the policy allows that one instead.`
        : `This page's security policy allows model downloads only from ${policy.hosts.length === 0 ? 'this site' : policy.hosts.join(', ')} (the default: ${defaults}). A host you set here is allowed once you save it: the page reloads with a policy for that host alone.`;

  save.addEventListener('click', () => {
    const c = checkModelHost(input.value);
    if (!c.ok) return replace(message, el('span', { class: 'error', role: 'alert' }, c.message));
    storage.setItem(MODEL_HOST_KEY, c.base);
    replace(message, `Saved ${c.base}; reloading so the page's security policy allows ${c.origin}.`);
    reload();
  });
  reset.addEventListener('click', () => {
    storage.removeItem(MODEL_HOST_KEY);
    replace(message, 'Back to the default hosts; reloading.');
    reload();
  });
  const element = el(
    'div',
    { class: 'model-host' },
    el('label', { for: 'model-host' }, 'Model host'),
    el('div', { class: 'row' }, input, save, reset),
    el(
      'p',
      { class: 'muted', id: 'model-host-policy', 'data-policy-hosts': policy?.hosts.join(' ') ?? '' },
      policyText,
      ' Saving reloads the page: a database file you opened yourself must be opened again.',
    ),
    message,
  );
  return {
    element,
    base: () => mine ?? built,
    describe: () => (mine !== undefined ? `${new URL(mine).host} (the model host you set)` : (built ?? 'its upstream hosts (Hugging Face and GitHub)')),
  };
}
