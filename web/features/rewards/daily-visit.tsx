import { useEffect } from 'react';
import { api } from '../../api/client';
import { appCan } from '../../kernel/current-app';
import type { AppMenuContext } from '../../kernel/web-feature';

/** The days a visit was already counted this load, per app and member (the server counts one a day anyway). */
const counted = new Set<string>();

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The daily visit (`POST gamification/visit`): once per app load and day, for a member who may earn in the shop
 * (`spend_points`) while the rewards service is on. Renders nothing; part of the eager manifest, so it stays
 * tiny.
 */
export function DailyVisit({ context }: { context: AppMenuContext }) {
  const { app, signedIn, masquerading } = context;
  const profileId = app.viewer?.profileId ?? null;
  const counts =
    signedIn && !masquerading && app.services.rewards && profileId !== null && appCan(app, 'spend_points');
  useEffect(() => {
    if (!counts) {
      return;
    }
    const key = `${app.id}:${profileId}:${today()}`;
    if (counted.has(key)) {
      return;
    }
    counted.add(key);
    api.post(`/apps/${app.id}/gamification/visit`).catch(() => {
      // A missed visit costs one point at most; the next load tries again.
      counted.delete(key);
    });
  }, [counts, app.id, profileId]);
  return null;
}
