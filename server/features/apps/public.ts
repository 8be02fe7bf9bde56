/*
 * The apps feature's public module (issue 12 point 6): how other features present an app, where apps live,
 * and the project lock that serializes quota checks of concurrent creates and restores.
 */
export { appHostOf, presentApp, servicesOf, type AppHost, type AppPresentation } from './apps.presenter.ts';
export { lockProject } from './apps.repo.ts';
