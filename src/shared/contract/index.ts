export * from './api';
export * from './channels';
export * from './checks';
export * from './events';
export * from './methods';
export * from './result';
export * from './settings';
export * from './types';
