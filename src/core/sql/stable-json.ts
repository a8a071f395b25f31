/**
 * JSON with object keys in sorted order (UTF-16 code unit order) and
 * `undefined` members left out, so equal data always prints the same text.
 * Arrays keep their order.
 *
 * @example
 * stableJson({ b: 1, a: [2, { d: 3, c: undefined }] }); // '{"a":[2,{"d":3}],"b":1}'
 */
export function stableJson(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map((v) => (v === undefined ? 'null' : stableJson(v))).join(',')}]`;
  if (typeof x === 'object' && x !== null) {
    const obj = x as Record<string, unknown>;
    const parts = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(obj[k])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(x) ?? 'null';
}
