// A signed-in device as a person recognises it ("Chrome on Android"), from the User-Agent the
// session was started with. Parsed by bowser; the raw header is never shown.
import Bowser from 'bowser';

const UNKNOWN_DEVICE = 'Unknown device';

export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || UNKNOWN_DEVICE;
}
