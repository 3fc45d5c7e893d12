import { usePassCertificate } from '../api/get-pass-certificate';

/**
 * Keeps this device's pass certificate fresh while the member home is open (renewed hourly and when the
 * network returns), so the pass also opens without signal later. Loaded after the first screen.
 */
export default function PassCertificateKeeper() {
  usePassCertificate(true);
  return null;
}
