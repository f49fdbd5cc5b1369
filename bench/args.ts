// The few options of the bench scripts, read from the command line; a bad value exits 2 naming it.

export function benchArgs(script: string, args: readonly string[] = process.argv.slice(2)) {
  /** The value after `name`, if given. */
  function option(name: string): string | undefined {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  }
  /** A whole number above 0 after `name`, or `fallback`. */
  function count(name: string, fallback: number): number {
    const v = option(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) {
      console.error(`${script}: ${name} takes a whole number above 0, not '${v}'`);
      process.exit(2);
    }
    return n;
  }
  return { option, count };
}
