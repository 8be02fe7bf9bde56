// The chat feature's public module: what other features use of it (a notification opens its chat). Light: no
// screen code comes along.
export { chatScreenPaths } from './chat-paths';
