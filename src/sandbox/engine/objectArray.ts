/**
 * An empty array whose elements kind is already "objects". An empty literal starts as an array of
 * small integers and changes kind when its first object goes in; optimized code that has seen one
 * kind then deoptimizes on the fresh arrays of the next book (a bench or a test makes many books).
 * Starting every such array in its final kind gives optimized code one shape for all of them.
 */
const SEED: unknown = Object.freeze({});

export function objectArray<T>(): T[] {
  const a = [SEED as T];
  a.pop();
  return a;
}
