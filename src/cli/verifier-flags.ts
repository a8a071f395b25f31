/**
 * A verifier's flags, from its descriptor's control (core/verifiers): for
 * `confide ask`, `--<flag> FILE` (score with this model) and `--no-<flag>`
 * (score with none); for `confide eval`, `--<flag> FILE`. Typed by the flag's
 * name, so `flags.orm` and `flags['no-orm']` keep their types.
 */
import type { VerifierControl } from '../core/verifiers/index.ts';

type ModelFlag<F extends string> = { readonly [K in F]: { readonly type: 'string'; readonly help: string } };
type OffFlag<F extends string> = { readonly [K in `no-${F}`]: { readonly type: 'boolean'; readonly default: false; readonly help: string } };

/**
 * `--<flag> FILE` and `--no-<flag>`, for `confide ask`.
 *
 * @example askVerifierFlags(REWARD_MODEL.control); // { orm: {type: 'string', …}, 'no-orm': {type: 'boolean', …} }
 */
export function askVerifierFlags<F extends string>(control: VerifierControl<F>): ModelFlag<F> & OffFlag<F> {
  return {
    [control.flag]: { type: 'string', help: control.askHelp },
    [`no-${control.flag}`]: { type: 'boolean', default: false, help: control.offHelp },
  } as ModelFlag<F> & OffFlag<F>;
}

/**
 * `--<flag> FILE`, for `confide eval`.
 *
 * @example evalVerifierFlag(REWARD_MODEL.control); // { orm: {type: 'string', help: 'score every candidate …'} }
 */
export function evalVerifierFlag<F extends string>(control: VerifierControl<F>): ModelFlag<F> {
  return { [control.flag]: { type: 'string', help: control.evalHelp } } as ModelFlag<F>;
}
