import { format } from 'date-fns';
import { enUS } from 'date-fns/locale';

// docs/spec.md section 9: English-US, week starts on Sunday (enUS has weekStartsOn 0).
const options = { locale: enUS, weekStartsOn: 0 } as const;

/** Notification time, e.g. "Mar 5, 3:07 PM" (pattern MMM d, h:mm a), in the viewer's time zone. */
export const formatNotificationTime = (iso: string) => format(new Date(iso), 'MMM d, h:mm a', options);

/** "Following since" date, e.g. "Mar 5, 2026" (pattern MMM d, yyyy). */
export const formatFollowingSince = (iso: string) => format(new Date(iso), 'MMM d, yyyy', options);
