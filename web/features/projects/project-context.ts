import { createContext, useContext } from 'react';
import type { AbilityName } from '../../../contracts/abilities';
import type { Project } from '../../../contracts/projects';

/** The project of the current `/projects/{projectId}` screen, loaded once by the project layout. */
export const ProjectContext = createContext<Project | null>(null);

export function useProject(): Project {
  const project = useContext(ProjectContext);
  if (!project) {
    throw new Error('useProject() is used outside a project: the project layout provides it.');
  }
  return project;
}

/** Spec §6: action menus hide what the caller's `permissions.can` does not hold. */
export function canInProject(project: Project, ability: AbilityName<'project'>): boolean {
  return project.permissions.can.includes(ability);
}
