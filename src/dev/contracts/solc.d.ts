// solc-js ships no types: the one call the compile script makes.
declare module 'solc' {
  const solc: { compile(input: string): string; version(): string };
  export default solc;
}
