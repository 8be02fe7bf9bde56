// Every German text file in one module (the language's chunk, web/vite.config.ts): the language loads with one
// import, which Vite's preload helper handles once instead of once per file.
export default import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
