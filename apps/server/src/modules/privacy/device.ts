// A signed-in device as a person recognises it ("Chrome on Android"), from the User-Agent the
// session was started with. Parsed by bowser; the raw header is never shown.
import Bowser from 'bowser';

const UNKNOWN_DEVICE = 'Unknown device';

/** The browser and operating system of a User-Agent (names, not versions); null where unknown. */
export function deviceParts(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const parser = Bowser.getParser(userAgent);
  return { browser: parser.getBrowserName() || null, os: parser.getOSName() || null };
}

export function describeDevice(userAgent: string | null): string {
  const { browser, os } = deviceParts(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || UNKNOWN_DEVICE;
}
