export * from './specs.js';
export * from './stream.js';
