/*
 * The apps feature's public module (issue 12 point 6): how other features present an app, where apps live,
 * the project lock that serializes quota checks of concurrent creates and restores, and the one-statement merge
 * into a service's settings (the chat keeps its app settings in `service_settings.chat`).
 */
export { appHostOf, presentApp, servicesOf, type AppHost, type AppPresentation } from './apps.presenter.ts';
export { lockProject, mergeServiceSettings } from './apps.repo.ts';
export { registerServiceSettingsCheck, type ServiceSettingsCheck } from './app-services.service.ts';
