import type { App } from '../../contracts/apps';
import type { Project } from '../../contracts/projects';
import { testApp } from './fixtures';

/** Test data of the workspace screens (projects, apps); shaped like the server's answers. */
export const starterTariff: Project['tariff'] = {
  id: 'starter',
  name: 'Starter',
  priceMonthly: 49,
  priceAnnual: 470,
  currency: 'EUR',
  limits: {
    apps: 1,
    contacts: 500,
    domains: 0,
    teamMembers: 1,
    smtp: 0,
    discovery: 0,
    storageMb: 10_240,
    memberStorageMb: 1024,
  },
};

export function testProject(overrides: Partial<Project> = {}): Project {
  return {
    id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5a01',
    name: 'Akademie Nord',
    isArchive: false,
    isOwner: true,
    tariff: starterTariff,
    usage: [
      { key: 'apps', used: 1, limit: 1 },
      { key: 'contacts', used: 42, limit: 500 },
      { key: 'domains', used: 0, limit: 0 },
      { key: 'teamMembers', used: 0, limit: 1 },
    ],
    appsCount: 1,
    permissions: {
      can: ['view', 'edit', 'create_plan', 'team', 'apps', 'view_files', 'payment_provider', 'view_apps'],
    },
    createdAt: '2025-06-01T10:00:00.000Z',
    updatedAt: '2025-06-01T10:00:00.000Z',
    ...overrides,
  };
}

// A project of someone else's team that the caller may only look at.
export const teamProject = testProject({
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5a03',
  name: 'Fremdes Projekt',
  isOwner: false,
  permissions: { can: ['view', 'view_apps'] },
});

export function testWorkspaceApp(overrides: Partial<App> = {}): App {
  return {
    ...testApp,
    id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5b01',
    projectId: testProject().id,
    slug: 'yoga',
    name: 'Yoga-Akademie',
    url: 'http://app.localhost:3000/yoga',
    isOwner: true,
    permissions: { can: ['view', 'edit'] },
    createdAt: '2025-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export const page = <T>(data: T[]) => ({ data, meta: { page: 1, pages: 1, total: data.length } });
