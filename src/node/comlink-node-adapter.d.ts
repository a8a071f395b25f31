// comlink ships node-adapter.mjs with a node-adapter.d.ts beside it; TypeScript
// looks for .d.mts when the import names the .mjs file, so point it there.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  export { default } from 'comlink/dist/esm/node-adapter';
}
