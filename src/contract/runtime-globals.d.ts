/**
 * The one global src/contract uses beyond ECMAScript: WHATWG `URL`, which browsers, workers and
 * Node all provide. Its own project (tsconfig.json here) loads neither the DOM nor Node's types,
 * so this file declares just the part the contract uses. The browser project excludes this file
 * (the DOM declares the whole `URL`); the server project never includes it (Node does).
 */
interface URL {
  readonly protocol: string;
}
declare const URL: new (url: string) => URL;
