// The screens the logger is checked at: two phones held upright (touch) and a desktop window.
export type ScreenSize = { name: string; viewport: { width: number; height: number }; touch: boolean };

export const SCREEN_SIZES: readonly ScreenSize[] = [
  { name: "phone-360", viewport: { width: 360, height: 780 }, touch: true },
  { name: "phone-390", viewport: { width: 390, height: 844 }, touch: true },
  { name: "desktop-1280", viewport: { width: 1280, height: 800 }, touch: false },
];
