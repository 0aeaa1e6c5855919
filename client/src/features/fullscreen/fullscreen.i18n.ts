export const fullscreenStrings = {
  label: 'Fullscreen',
  leave: 'Leave fullscreen',
} as const;
