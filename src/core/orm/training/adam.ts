/**
 * Adam with decoupled weight decay (AdamW, Loshchilov & Hutter 2019) over
 * float32 parameter arrays, updated in place.
 *
 * Per element, at step t: `m = β1·m + (1−β1)·g`, `v = β2·v + (1−β2)·g²`,
 * `θ −= lr · (m/(1−β1^t)) / (sqrt(v/(1−β2^t)) + ε) + lr · λ · θ` (the decay
 * term only for arrays marked `decay`). Defaults: lr 1e-3, β1 0.9, β2 0.999,
 * ε 1e-8, λ 0.
 */

export interface AdamConfig {
  readonly lr?: number;
  readonly beta1?: number;
  readonly beta2?: number;
  readonly eps?: number;
  readonly weightDecay?: number;
}

export interface Adam {
  /** Applies one update with gradients shaped like the parameters (same order). */
  step(grads: readonly Float32Array[]): void;
  /** Steps taken so far. */
  readonly steps: number;
}

/**
 * Creates an optimizer for `params`; `decay[i]` says whether array i gets weight decay.
 *
 * @example
 * const opt = createAdam([...p.weights, ...p.biases], [true, true, true, false, false, false], { lr: 1e-3 });
 * opt.step([...g.weights, ...g.biases]);
 */
export function createAdam(params: readonly Float32Array[], decay: readonly boolean[], config: AdamConfig = {}): Adam {
  if (decay.length !== params.length) throw new RangeError(`decay has ${decay.length} flags for ${params.length} arrays`);
  const { lr = 1e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, weightDecay = 0 } = config;
  const m = params.map((p) => new Float32Array(p.length));
  const v = params.map((p) => new Float32Array(p.length));
  let t = 0;
  return {
    get steps() {
      return t;
    },
    step(grads) {
      if (grads.length !== params.length) throw new RangeError(`${grads.length} gradient arrays for ${params.length} parameter arrays`);
      t++;
      const c1 = 1 / (1 - beta1 ** t);
      const c2 = 1 / (1 - beta2 ** t);
      params.forEach((p, a) => {
        const g = grads[a]!;
        const ma = m[a]!;
        const va = v[a]!;
        const wd = decay[a] ? lr * weightDecay : 0;
        for (let i = 0; i < p.length; i++) {
          const gi = g[i]!;
          const mi = beta1 * ma[i]! + (1 - beta1) * gi;
          const vi = beta2 * va[i]! + (1 - beta2) * gi * gi;
          ma[i] = mi;
          va[i] = vi;
          p[i] = p[i]! - (lr * (mi * c1)) / (Math.sqrt(vi * c2) + eps) - wd * p[i]!;
        }
      });
    },
  };
}
