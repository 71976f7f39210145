/**
 * A value made on first use and kept. For `Intl` formatters: creating one is costly (the first on a page
 * loads the locale data, 30 to 65 ms on a phone), so a module creates them when a screen first formats,
 * not when the module loads on the way to the first paint (issue #13).
 */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}
