export * from './common.js';
export * from './auth.js';
export * from './content.js';
export * from './storylines.js';
export * from './games.js';
export * from './events.js';
export * from './rules/index.js';
