export { CounterPairPage as Component } from '@/features/counter-staff/components/counter-pair-page';
