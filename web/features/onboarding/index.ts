// The onboarding feature's public module: the checklist the app's start screen shows. Light: the card itself
// is a chunk of its own, loaded only when there is a checklist to show.
export { OnboardingChecklist } from './lazy-onboarding-checklist';
