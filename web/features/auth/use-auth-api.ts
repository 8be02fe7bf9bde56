import { useMemo } from 'react';
import { useOptionalCurrentApp } from '../../kernel/current-app';
import { authApiFor } from './auth-api';

/** The identity calls of this host: on an app host they carry the app's id (sessions bound to the app). */
export function useAuthApi(): ReturnType<typeof authApiFor> {
  const appId = useOptionalCurrentApp()?.id;
  return useMemo(() => authApiFor(appId), [appId]);
}
