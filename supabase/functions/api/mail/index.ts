// The mail feature's public surface: all that the app, other features, http/ and jobs/ may import from mail/.
export { enqueueMembershipChange, enqueueMerchantApproved, enqueueReceipt, enqueueRefund, merchantDeletionMail } from './account-mail.ts';
export { claimDue, enqueueMail, markMailNotSent, markMailSent } from './outbox.ts';
export { PRODUCT_NAME, businessPausedMail, disputeOpenedMail, giftDeliveryMail, giftReceiptMail, graceEndingMail, monthlyReportMail, offerReportsAlertMail, passEndingMail, passwordChangedMail, passwordResetMail, promiseCreditMail, renewalFailedMail, staffInviteMail, systemAlertMail, systemResolvedMail, verifyEmailMail } from './templates.ts';
