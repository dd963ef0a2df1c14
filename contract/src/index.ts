// @fleet/contract: what the console and fleet-api must agree on, written once and imported by both.
export * from './patterns';
export * from './pattern-samples';
export * from './tariffs';
export * from './device-lists';
export * from './server-messages';
export * from './heat-pump-faults';
export * from './survey';
export * from './rollouts';
export * from './audit';
export * from './timeline';
export * from './mfa';
export * from './passkeys';
export * from './live-socket';
export type * from './answers';
