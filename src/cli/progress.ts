/** Progress lines on stderr: rewritten in place on a terminal, throttled lines otherwise. */
export function progressReporter(label: string): (p: { done: number; total: number; text: string }) => void {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (p.done !== p.total && now - last < (tty ? 100 : 2000)) return;
    last = now;
    const pct = p.total === 0 ? 100 : Math.round((100 * p.done) / p.total);
    const line = `${label}: ${pct}% ${p.text}`;
    process.stderr.write(tty ? `\r\x1b[K${line}${p.done === p.total ? '\n' : ''}` : `${line}\n`);
  };
}
