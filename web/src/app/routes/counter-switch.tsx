export { CounterSwitchPage as Component } from '@/features/counter-staff/components/counter-switch-page';
