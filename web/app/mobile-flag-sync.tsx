import { useEffect } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { mobileMediaQuery } from '../kernel/layout-sizes';
import { useUiStore } from '../kernel/ui-store';

/** Keeps the UI store's mobile flag in step with the viewport. Renders nothing. */
export function MobileFlagSync() {
  const isMobile = useMediaQuery(mobileMediaQuery, useUiStore.getState().isMobile, {
    getInitialValueInEffect: false,
  });
  const setMobile = useUiStore((state) => state.setMobile);
  useEffect(() => {
    setMobile(isMobile);
  }, [isMobile, setMobile]);
  return null;
}
