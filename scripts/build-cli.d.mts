/** The CLI's bundle (see build-cli.mjs). */
export const BUNDLE_DIR: URL;
export function bundleIsCurrent(): boolean;
export function buildCli(): Promise<number>;
export function currentBundle(): Promise<URL | null>;
