export { StaffAcceptPage as Component } from '@/features/counter-staff/components/staff-accept-page';
