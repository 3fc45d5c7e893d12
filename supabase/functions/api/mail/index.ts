// The mail feature's public surface: all that the app, other features, http/ and jobs/ may import from mail/.
export { enqueueMembershipChange, enqueueMerchantApproved, enqueueReceipt, merchantDeletionMail } from './account-mail.ts';
export { claimDue, enqueueMail, markMailNotSent, markMailSent } from './outbox.ts';
export { disputeOpenedMail, graceEndingMail, passEndingMail, passwordChangedMail, passwordResetMail, receiptMail, renewalFailedMail, staffInviteMail, systemAlertMail, systemResolvedMail, verifyEmailMail } from './templates.ts';
