import type { ComponentType } from 'react';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import type { RouterApp } from './current-app';

/**
 * Where a feature's routes hang in the route tree (web/app/routes.tsx):
 * - `service`: the service host's root (`/auth`, `/projects`, …), inside the service shell;
 * - `project`: below `/projects/:projectId`, inside the project layout (hosted by the projects feature);
 * - `app`: below `/:appSlug` on an app host, inside the app shell;
 * - `appSettings`: below `/:appSlug/settings`, inside the settings layout (hosted by the app-settings feature);
 * - `appHostRoot`: an app host's addresses outside any app (only the not-found page);
 * - `bare`: addresses served on both hosts outside any shell, for people who need nothing but that one page
 *   (a mail's unsubscribe link).
 */
export type RouteSlot = 'service' | 'project' | 'app' | 'appSettings' | 'appHostRoot' | 'bare';

/** The slots whose parent is a feature's layout route rather than a shell. */
export type NestedSlot = 'project' | 'appSettings';

export type MenuIcon = ComponentType<{ size?: number; stroke?: number }>;

/** One entry of a shell's menu; the shell shows the entries of every feature in the order of the feature list. */
export type MenuEntry<Context> = {
  /** i18n key */
  label: string;
  icon: MenuIcon;
  to: (context: Context) => string;
  /** Active only on exactly this address, not below it. */
  end?: boolean;
  /** Shown when this holds; always when absent. */
  shows?: (context: Context) => boolean;
  /**
   * A live count beside the label (the chat's unread messages). It renders its own text for screen readers, so
   * the link's name says what the number means; it renders nothing while there is nothing to count.
   */
  badge?: ComponentType<{ context: Context }>;
};

export type ServiceMenuContext = { signedIn: boolean };
export type AppMenuContext = { app: RouterApp; signedIn: boolean; masquerading: boolean };
/** The account menu inside an app links to the member's own screens of the app of the address. */
export type AppAccountContext = { slug: string };

export type FeatureMenus = {
  /** The service host's header navigation. */
  serviceMain?: MenuEntry<ServiceMenuContext>[];
  /** The account menu's links on the service host. */
  serviceAccount?: MenuEntry<ServiceMenuContext>[];
  /** An app's menu (top, second row, side column or phone tab bar: the app's choice). */
  appMain?: MenuEntry<AppMenuContext>[];
  /** The account menu's links inside an app. */
  appAccount?: MenuEntry<AppAccountContext>[];
};

/**
 * Components a shell renders once beside the page, whatever the address: floating things such as the support
 * widget's button. Each decides itself whether it shows (it gets the same context as the menu's entries) and,
 * being part of the eagerly loaded manifest, stays small and loads anything bigger on demand.
 */
export type FeatureOverlays = {
  /** Inside an app's shell, once the app is resolved; positioned by the component itself (`position: fixed`). */
  app?: ComponentType<{ context: AppMenuContext }>[];
};

/**
 * A web feature's manifest (`features/<area>/<area>.routes.tsx`): its routes per slot, the layout routes it
 * hosts for other features' routes, its menu entries and its overlays. The shell reads the explicit list in
 * web/app/features.ts; a route's `handle.access` (see RouteHandle) says whether it needs a session.
 */
export type WebFeature = {
  name: string;
  routes?: Partial<Record<RouteSlot, RouteObject[]>>;
  /** Layout routes (path, handle, lazy component) whose children are the routes of a nested slot. */
  hosts?: Partial<Record<NestedSlot, Omit<NonIndexRouteObject, 'children'>>>;
  menus?: FeatureMenus;
  overlays?: FeatureOverlays;
};
