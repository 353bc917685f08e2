// Modules made by scripts/i18nSplit.ts (the dictionaries merged per language at build time).
declare module 'virtual:kapi-i18n/eager' {
  const eager: { ko: Record<string, string>; en?: Record<string, string> };
  export default eager;
}
declare module 'virtual:kapi-i18n/en' {
  const en: Record<string, string>;
  export default en;
}
