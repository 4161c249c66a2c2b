export * from './phases.js';
export * from './teams.js';
export * from './tally.js';
