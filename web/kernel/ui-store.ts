import { create } from 'zustand';
import { mobileMediaQuery } from './layout-sizes';

type UiState = {
  isMobile: boolean;
  setMobile: (isMobile: boolean) => void;
};

function matchesMobile(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(mobileMediaQuery).matches
    : false;
}

/** Local UI state shared across screens (spec §3 "common UI state"). */
export const useUiStore = create<UiState>((set) => ({
  isMobile: matchesMobile(),
  setMobile: (isMobile) => set({ isMobile }),
}));

export function useIsMobile(): boolean {
  return useUiStore((state) => state.isMobile);
}
