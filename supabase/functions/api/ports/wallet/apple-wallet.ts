// Apple Wallet passes (decision 207): a `.pkpass` signed with the operator's Pass Type ID certificate and Apple's
// WWDR intermediate, built with passkit-generator on each download (nothing is stored or pushed).
import { Buffer } from 'node:buffer';
import { PKPass } from 'passkit-generator';
import { base64ToBytes } from '../../../_shared/encoding.ts';

export interface AppleWalletSettings {
  passTypeId: string;
  teamId: string;
  /** PEM: the Pass Type ID certificate, its private key (and the key's passphrase), and Apple's WWDR certificate. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
}

/** A place the pass offers itself near on the lock screen (Apple allows 10). */
export interface PassLocation { latitude: number; longitude: number; relevantText: string }
export const APPLE_PASS_LOCATIONS_MAX = 10;

export interface ApplePassMember { memberNumber: number; name: string; endsAt: Date; locations: PassLocation[] }

export interface AppleWallet {
  /** The signed `.pkpass` (a zip) of one member. */
  passOf(member: ApplePassMember): Buffer;
}

/** A 29 × 29 teal square: the icon Apple requires in every pass (the brand's colour, no file to read at run time). */
const ICON_PNG = Buffer.from(base64ToBytes(
  'iVBORw0KGgoAAAANSUhEUgAAAB0AAAAdCAIAAADZ8fBYAAAAJklEQVR42mPgL8ujBWIYNXfU3FFzR80dNXfU3FFzR80dNXdQmQsAuMseeSgGHWMAAAAASUVORK5CYII=',
));

export function appleWallet(settings: AppleWalletSettings): AppleWallet {
  const certificates = {
    wwdr: settings.wwdr, signerCert: settings.signerCert, signerKey: settings.signerKey,
    ...(settings.signerKeyPassphrase ? { signerKeyPassphrase: settings.signerKeyPassphrase } : {}),
  };
  return {
    passOf(member) {
      const pass = new PKPass({ 'icon.png': ICON_PNG, 'icon@2x.png': ICON_PNG }, certificates, {
        formatVersion: 1,
        passTypeIdentifier: settings.passTypeId,
        teamIdentifier: settings.teamId,
        organizationName: 'Pay Local',
        description: 'Pay Local membership',
        serialNumber: `member-${member.memberNumber}`,
        backgroundColor: 'rgb(15, 118, 110)',
        foregroundColor: 'rgb(255, 255, 255)',
        labelColor: 'rgb(204, 251, 241)',
      });
      pass.type = 'generic';
      pass.primaryFields.push({ key: 'name', label: 'Member', value: member.name });
      pass.secondaryFields.push({ key: 'number', label: 'Member number', value: String(member.memberNumber) });
      pass.auxiliaryFields.push({ key: 'validThrough', label: 'Valid through', value: member.endsAt.toISOString(), dateStyle: 'PKDateStyleMedium' });
      // The member number only: it names the member, and the counter asks for the personal code (decision 190).
      pass.setBarcodes({ message: String(member.memberNumber), format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: `Member ${member.memberNumber}` });
      pass.setExpirationDate(member.endsAt);
      if (member.locations.length > 0) pass.setLocations(...member.locations.slice(0, APPLE_PASS_LOCATIONS_MAX));
      return pass.getAsBuffer();
    },
  };
}
