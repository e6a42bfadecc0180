/** When and for what this build was made; electron-vite fills the constant, `npm run service` reports its start. */
declare const __TICKETERA_BUILD_ISO__: string | undefined;

export interface BuildInfo {
  date: string;
  time: string;
}

export function buildInfo(): BuildInfo {
  const iso = typeof __TICKETERA_BUILD_ISO__ === 'string' ? __TICKETERA_BUILD_ISO__ : PROCESS_START_ISO;
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

const PROCESS_START_ISO = new Date().toISOString();
