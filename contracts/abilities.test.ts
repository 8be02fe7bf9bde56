import { describe, expect, it } from 'vitest';
import {
  abilitiesBySubject,
  abilitySubjects,
  abilityValues,
  isAbility,
  routeLevelAbilities,
} from './abilities.ts';

describe('abilities', () => {
  it('cover the subjects of spec §6 with snake_case names', () => {
    expect(abilitySubjects).toEqual([
      'app',
      'space',
      'post',
      'event',
      'course',
      'module',
      'lesson',
      'chat',
      'project',
      'cloud',
      'service',
      'profile',
      'tag',
      'custom_field',
      'invitation',
      'team_member',
      'contact',
      'group',
      'category',
      'comment',
      'link',
      'vote',
      'notification',
      'chat_message',
      'helpdesk',
      'article',
      'article_category',
      'ticket',
    ]);
    for (const subject of abilitySubjects) {
      const names: readonly string[] = abilitiesBySubject[subject];
      expect(new Set(names).size, subject).toBe(names.length);
      for (const name of names) {
        expect(name, `${subject}:${name}`).toMatch(/^[a-z]+(_[a-z]+)*$/);
      }
    }
  });

  it('hold the app and project abilities the spec names', () => {
    expect(abilitiesBySubject.app).toHaveLength(42);
    expect(abilitiesBySubject.app).toEqual(
      expect.arrayContaining(['create_space', 'settings_access_plan', 'masquerade', 'cloud', 'edit']),
    );
    expect(abilitiesBySubject.project).toEqual([
      'view',
      'edit',
      'create_plan',
      'team',
      'apps',
      'view_files',
      'payment_provider',
      'view_apps',
    ]);
    expect(abilitiesBySubject.course).toEqual(abilitiesBySubject.lesson);
  });

  it('route declarations use subject:name or the route-level public / authenticated', () => {
    expect(routeLevelAbilities).toEqual(['public', 'authenticated']);
    expect(isAbility('public')).toBe(true);
    expect(isAbility('authenticated')).toBe(true);
    expect(isAbility('project:view_files')).toBe(true);
    expect(isAbility('app:cloud')).toBe(true);
    expect(isAbility('app:edit')).toBe(true);
    expect(isAbility('project:cloud')).toBe(false);
    expect(isAbility('view_files')).toBe(false);
    expect(new Set(abilityValues).size).toBe(abilityValues.length);
  });
});
