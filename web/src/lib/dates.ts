// Dates and times on screen (docs/spec.md section 9: English-US), one formatter per shape for every screen.
// Notification and following dates use date-fns patterns from the spec (features/follows-and-updates/utils).

const EN_US = 'en-US';
const shortDateFormat = new Intl.DateTimeFormat(EN_US, { month: 'short', day: 'numeric', year: 'numeric' });
const clockFormat = new Intl.DateTimeFormat(EN_US, { hour: 'numeric', minute: '2-digit' });
const clockWithSecondsFormat = new Intl.DateTimeFormat(EN_US, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
const dayAndTimeFormat = new Intl.DateTimeFormat(EN_US, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

type When = Date | number | string;
const toDate = (when: When) => (when instanceof Date ? when : new Date(when));

/** "Mar 5, 2026". */
export const shortDate = (when: When) => shortDateFormat.format(toDate(when));
/** "3:07 PM". */
export const clockTime = (when: When) => clockFormat.format(toDate(when));
/** "3:07:09 PM". */
export const clockTimeWithSeconds = (when: When) => clockWithSecondsFormat.format(toDate(when));
/** "Mar 5, 3:07 PM". */
export const dayAndTime = (when: When) => dayAndTimeFormat.format(toDate(when));
