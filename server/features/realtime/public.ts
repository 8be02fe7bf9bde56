/*
 * The realtime gateway's public module: who may listen to which rooms (the web role hands it to the gateway,
 * server/app.ts). Emitting is the platform's (`context.realtime`, server/platform/realtime.ts).
 */
export { gatewayAuthorizer } from './gateway.ts';
