#!/usr/bin/env node
// The `confide` command. Runs the CLI's bundle (plain JavaScript in build/cli/,
// built by scripts/build-cli.mjs on `npm ci`, and again here whenever a source
// is newer than it), so no TypeScript is compiled at start-up. CONFIDE_SOURCE=1
// runs the TypeScript sources through tsx instead (development), as does a
// bundle that cannot be built.
const entry = process.env.CONFIDE_SOURCE === '1' ? null : await (await import('../scripts/build-cli.mjs')).currentBundle();
if (entry === null) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/bin.ts');
} else {
  await import(entry.href);
}
